-- Campaigns (admin §2, §3, §4): contact lists and their items, file lists sent before a
-- campaign's message, campaigns, their per-company settings and one shipping row per
-- (campaign, contact list item).

create table contact_lists (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  name text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index contact_lists_company on contact_lists (company_id, lower(name), id);

create table contact_list_items (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  contact_list_id integer not null references contact_lists (id) on delete cascade,
  name text not null,
  -- Digits only, country code first (services/contacts/number.ts), or WhatsApp's own form.
  number text not null,
  email text not null default '',
  -- WhatsApp's answer for the number: null while no connection could ask it.
  is_whatsapp_valid boolean,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- One row per number in a list: an import never adds the same person twice.
create unique index contact_list_items_number on contact_list_items (contact_list_id, number);
create index contact_list_items_company on contact_list_items (company_id, contact_list_id, lower(name), id);

-- "Lista de arquivos": files sent before a campaign's message, each option one file.
create table files (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  name text not null,
  message text not null default '',
  user_id integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index files_company_name on files (company_id, lower(name));

create table file_options (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  file_id integer not null references files (id) on delete cascade,
  name text not null,
  -- The uploaded file (lib/media): its path under the media root, shown name and type.
  path text,
  media_name text,
  media_type text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index file_options_file on file_options (file_id, id);

create table campaigns (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  name text not null,
  message1 text not null default '',
  message2 text not null default '',
  message3 text not null default '',
  message4 text not null default '',
  message5 text not null default '',
  confirmation_message1 text not null default '',
  confirmation_message2 text not null default '',
  confirmation_message3 text not null default '',
  confirmation_message4 text not null default '',
  confirmation_message5 text not null default '',
  confirmation boolean not null default false,
  status text not null default 'INATIVA'
    check (status in ('INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA')),
  scheduled_at timestamptz,
  completed_at timestamptz,
  whatsapp_id integer references whatsapps (id) on delete set null,
  contact_list_id integer references contact_lists (id) on delete set null,
  tag_list_id integer references tags (id) on delete set null,
  file_list_id integer references files (id) on delete set null,
  media_path text,
  media_name text,
  -- Set while the campaign's connection is not connected: sending waits, then resumes.
  paused_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index campaigns_company on campaigns (company_id, id desc);
-- What the campaign sweep looks at every second: campaigns due to start or running.
create index campaigns_live on campaigns (scheduled_at) where status in ('PROGRAMADA', 'EM_ANDAMENTO');

-- messageInterval, longerIntervalAfter, greaterInterval and variables; values are JSON text.
create table campaign_settings (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  key text not null,
  value text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, key)
);

create table campaign_shippings (
  id bigserial primary key,
  company_id integer not null references companies (id) on delete cascade,
  campaign_id integer not null references campaigns (id) on delete cascade,
  contact_list_item_id integer not null references contact_list_items (id) on delete cascade,
  number text not null,
  -- Rendered when the campaign starts (variant and variables chosen then).
  message text not null,
  confirmation_message text,
  -- When it is due; moved to "now + its place" by a restart or a resume.
  planned_at timestamptz not null,
  -- Its place in the campaign's order, kept by re-planning.
  position integer not null,
  -- When its first message went into the outbox, and those outbox rows: the confirmation
  -- request (with confirmation on) and the campaign message (its last row, after the files).
  queued_at timestamptz,
  confirmation_outbox_id bigint,
  message_outbox_id bigint,
  message_wid text,
  confirmation_requested_at timestamptz,
  confirmed_at timestamptz,
  delivered_at timestamptz,
  failed_at timestamptz,
  -- A confirmation request nobody answered in time.
  expired_at timestamptz,
  failure text,
  created_at timestamptz not null default now(),
  -- One shipment per contact of a campaign, whatever runs twice.
  unique (campaign_id, contact_list_item_id)
);
create index campaign_shippings_campaign on campaign_shippings (campaign_id, position);
-- Due shipments not yet queued, in due order.
create index campaign_shippings_due on campaign_shippings (planned_at) where queued_at is null;
-- Queued and not final: the sweep reads their outbox rows' outcome.
create index campaign_shippings_open on campaign_shippings (campaign_id)
  where queued_at is not null and delivered_at is null and failed_at is null and expired_at is null;
-- A reply's number finds the shipment waiting for its confirmation.
create index campaign_shippings_number on campaign_shippings (company_id, number)
  where confirmation_outbox_id is not null and confirmed_at is null;
