-- Users' queues and default connection (core §3 "User").
--
-- Queues are built out by their own issue (options, schedules, integrations, prompts); this
-- creates their core columns now so that users can be placed in queues.

create table queues (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  name text not null,
  color text not null,
  greeting_message text not null default '',
  out_of_hours_message text not null default '',
  -- Position in the chatbot menu; null leaves the queue unordered (after the ordered ones).
  order_queue integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Name and colour tell queues apart in lists and chips, so each is unique per company.
  unique (company_id, name),
  unique (company_id, color)
);
create index queues_company_name on queues (company_id, name);

create table user_queues (
  user_id integer not null references users (id) on delete cascade,
  queue_id integer not null references queues (id) on delete cascade,
  primary key (user_id, queue_id)
);
-- "Who works this queue" (ticket routing, queue deletion) reads by queue.
create index user_queues_queue on user_queues (queue_id);

-- The connection a user's new tickets go out through by default. No foreign key yet: the
-- connections table arrives with the WhatsApp issue, which adds the reference (on delete
-- set null) once it exists.
alter table users add column whatsapp_id integer;

-- The users page lists a company's users by name whatever its case, then by id so pages
-- never overlap; this index serves that order (and every lookup by company).
drop index users_company;
create index users_company_name on users (company_id, lower(name), id);

comment on column plans.users is
  'Most users a company on this plan may have, counting every user of the company '
  '(admins included); 0 means no limit.';
