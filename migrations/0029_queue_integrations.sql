-- Queue integrations (admin §3 "Queue integration"; issue 18): a chatbot or automation that
-- answers the customers of a queue (or of a connection without queues) in place of the menu:
-- a signed webhook, an n8n workflow, a Typebot flow or a Dialogflow agent.
create table queue_integrations (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  type text not null check (type in ('dialogflow', 'n8n', 'webhook', 'typebot')),
  name text not null,
  -- Dialogflow's project id; the name again for the other types (admin §5).
  project_name text not null default '',
  -- Dialogflow's service-account JSON, sealed (lib/crypto/secret_box.ts); the screens see
  -- only the account's e-mail (json_content_hint), never the private key.
  json_content_sealed text,
  json_content_hint text not null default '',
  language text not null default 'pt-BR',
  -- The webhook's, n8n's or Typebot's address (the spec's one "urlN8N" field for all three).
  url_n8n text not null default '',
  typebot_slug text not null default '',
  typebot_expires integer not null default 1 check (typebot_expires between 0 and 10080),
  typebot_keyword_finish text not null default '',
  typebot_keyword_restart text not null default '',
  typebot_unknown_message text not null default '',
  typebot_delay_message integer not null default 1000
    check (typebot_delay_message between 0 and 60000),
  typebot_restart_message text not null default '',
  -- The key of the X-Balcao-Signature HMAC of webhook and n8n calls, made by the server and
  -- sealed; admins read it (and rotate it) to check the signature on their side.
  hmac_secret_sealed text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index queue_integrations_company_name
  on queue_integrations (company_id, lower(name));

-- Where an integration is in one ticket's conversation: Typebot's session and the choices it
-- last offered (so "2" picks the second), the last exchange (typebotExpires counts from it),
-- and when and why it stopped (a transfer, a stop command, a failure): from then on a person
-- answers that ticket. A new ticket of the contact starts afresh.
create table queue_integration_sessions (
  ticket_id integer primary key references tickets (id) on delete cascade,
  company_id integer not null references companies (id) on delete cascade,
  integration_id integer not null references queue_integrations (id) on delete cascade,
  typebot_session_id text,
  choices jsonb not null default '[]',
  last_activity_at timestamptz not null,
  stopped_at timestamptz,
  stop_reason text
);
create index queue_integration_sessions_integration
  on queue_integration_sessions (integration_id);

-- The references the queues, connections and tickets issues left for this one.
update queues set integration_id = null where integration_id is not null;
update whatsapps set integration_id = null where integration_id is not null;
update tickets set integration_id = null, use_integration = false where integration_id is not null;
alter table queues add constraint queues_integration_fk
  foreign key (integration_id) references queue_integrations (id) on delete set null;
alter table whatsapps add constraint whatsapps_integration_fk
  foreign key (integration_id) references queue_integrations (id) on delete set null;
alter table tickets add constraint tickets_integration_fk
  foreign key (integration_id) references queue_integrations (id) on delete set null;
create index queues_integration on queues (integration_id) where integration_id is not null;
create index whatsapps_integration on whatsapps (integration_id) where integration_id is not null;
