-- Scheduled messages (admin §3 "Schedule", §4 states) and the integrators' send API
-- (admin §7 "External message API").

-- A message to one contact at a future time. Each waiting schedule has one domain job
-- (unique key "schedule:<id>") due at send_at, which sends it through the one send path.
create table schedules (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  contact_id integer not null references contacts (id) on delete cascade,
  -- Who scheduled it; the schedule outlives its author.
  user_id integer references users (id) on delete set null,
  body text not null,
  send_at timestamptz not null,
  -- PENDENTE: waiting for its time; AGENDADA: its time came and it is being sent (or its
  -- send is being retried); ENVIADA: handed to the connection; ERRO: every try failed.
  status text not null default 'PENDENTE'
    check (status in ('PENDENTE', 'AGENDADA', 'ENVIADA', 'ERRO')),
  sent_at timestamptz,
  -- How long after send_at it went out (a schedule due while the server was down is late).
  late_ms bigint,
  -- The reason of the last failed try, kept with ERRO.
  error text,
  -- Where it went: the conversation and the message stored there.
  ticket_id integer references tickets (id) on delete set null,
  message_id integer references messages (id) on delete set null,
  media_path text,
  media_name text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- The calendar: a company's schedules by time.
create index schedules_company_send_at on schedules (company_id, send_at, id);
create index schedules_company_contact on schedules (company_id, contact_id);

-- The integrators' Idempotency-Key: a key already used on a connection answers what its
-- first call answered instead of sending again.
create table api_send_keys (
  whatsapp_id integer not null references whatsapps (id) on delete cascade,
  company_id integer not null references companies (id) on delete cascade,
  key text not null,
  answer jsonb,
  created_at timestamptz not null default now(),
  primary key (company_id, whatsapp_id, key)
);
