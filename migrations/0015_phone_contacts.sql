-- The address book a connected phone shares with its linked devices (Baileys' contact sync,
-- the sandbox phone's customers), kept per connection for "import contacts from the phone".
-- A row per person: keyed by the number, or by the LID while the number is unknown. The
-- product we replace kept this as one JSON text blob per connection, re-written whole on each
-- update and never de-duplicated.
create table phone_contacts (
  company_id integer not null references companies (id) on delete cascade,
  whatsapp_id integer not null references whatsapps (id) on delete cascade,
  address text not null,
  number text,
  lid text,
  name text not null default '',
  updated_at timestamptz not null default now(),
  primary key (whatsapp_id, address)
);
