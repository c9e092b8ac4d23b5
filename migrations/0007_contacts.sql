-- Contacts (core §3): the people and groups a company talks to over WhatsApp, and their
-- free-form extra fields ("extraInfo").

create table contacts (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  name text not null,
  -- Digits only, country code included (services/contacts/number.ts); one contact per
  -- number in a company, so duplicates are caught however the number was typed.
  number text not null,
  -- WhatsApp's LID identity (Baileys 7), filled by the WhatsApp pipeline so that one person
  -- addressed by LID or by phone number stays one contact.
  lid text,
  email text not null default '',
  profile_pic_url text not null default '',
  is_group boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, number)
);
-- The list's order (name, then id) and its keyset, per company.
create index contacts_company_name on contacts (company_id, lower(name), id);
-- The list's date filters.
create index contacts_company_created on contacts (company_id, created_at);
create unique index contacts_company_lid on contacts (company_id, lid) where lid is not null;

create table contact_custom_fields (
  id serial primary key,
  contact_id integer not null references contacts (id) on delete cascade,
  name text not null,
  value text not null default ''
);
create index contact_custom_fields_contact on contact_custom_fields (contact_id, id);
