-- Accounts and tenancy: plans, companies, their settings, users and sessions.

create table plans (
  id serial primary key,
  name text not null unique,
  users integer not null default 0 check (users >= 0),
  connections integer not null default 0 check (connections >= 0),
  queues integer not null default 0 check (queues >= 0),
  value numeric(12, 2) not null default 0 check (value >= 0),
  use_campaigns boolean not null default true,
  use_schedules boolean not null default true,
  use_internal_chat boolean not null default true,
  use_external_api boolean not null default true,
  use_kanban boolean not null default true,
  use_open_ai boolean not null default true,
  use_integrations boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table companies (
  id serial primary key,
  name text not null unique,
  email text,
  phone text,
  plan_id integer not null references plans (id),
  status boolean not null default true,
  due_date date,
  recurrence text not null default 'MENSAL'
    check (recurrence in ('MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index companies_plan on companies (plan_id);

-- Per-company options (admin §3, §9): one row per key.
create table settings (
  company_id integer not null references companies (id) on delete cascade,
  key text not null,
  value text not null,
  updated_at timestamptz not null default now(),
  primary key (company_id, key)
);

create table users (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  name text not null,
  email text not null,
  password_hash text not null,
  profile text not null default 'user' check (profile in ('user', 'admin')),
  super boolean not null default false,
  all_ticket text not null default 'disabled' check (all_ticket in ('enabled', 'disabled')),
  online boolean not null default false,
  -- Bumped to sign a user out everywhere: tokens carry the version they were issued under.
  token_version integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- E-mail is the login: unique across the installation, whatever its case.
create unique index users_email on users (lower(email));
create index users_company on users (company_id, name);

-- Rotating refresh tokens. Only a hash is stored; every token belongs to a family (one
-- sign-in) so that reuse of a rotated token revokes the whole family.
create table refresh_tokens (
  id bigserial primary key,
  user_id integer not null references users (id) on delete cascade,
  family uuid not null,
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_family on refresh_tokens (family);
create index refresh_tokens_user on refresh_tokens (user_id);

-- Secrets generated on first start (e.g. the JWT key when JWT_SECRET is unset).
create table instance_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
