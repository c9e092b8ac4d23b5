-- Platform tables that know no domain: background jobs and oversized realtime events.

create table jobs (
  id bigserial primary key,
  -- Null for platform jobs; tenant jobs carry their company.
  company_id integer,
  kind text not null,
  payload jsonb not null default '{}',
  run_at timestamptz not null default now(),
  status text not null default 'queued'
    check (status in ('queued', 'running', 'done', 'failed')),
  attempts integer not null default 0,
  max_attempts integer not null default 3 check (max_attempts > 0),
  last_error text,
  locked_by text,
  locked_at timestamptz,
  finished_at timestamptz,
  created_at timestamptz not null default now()
);

-- The claim query reads only due, queued rows in run_at order.
create index jobs_queued_due on jobs (run_at) where status = 'queued';
-- Finding jobs left running by an instance that died.
create index jobs_running_locked on jobs (locked_at) where status = 'running';
create index jobs_company on jobs (company_id, kind) where company_id is not null;

-- NOTIFY payloads are limited to 8000 bytes: a larger realtime event is stored here and
-- the notification carries its id.
create table realtime_payloads (
  id bigserial primary key,
  payload jsonb not null,
  created_at timestamptz not null default now()
);
create index realtime_payloads_created on realtime_payloads (created_at);
