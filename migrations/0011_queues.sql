-- Queues built out (core §3 "Queue", admin §3 "Queue" and "Queue option"): the chatbot's
-- media, opening hours, integration and prompt, and the nested menu options of a queue.

-- Integrations and prompts arrive with their own issues; until their tables exist these are
-- plain ids, and those issues add the references (on delete set null).
alter table queues add column integration_id integer;
alter table queues add column prompt_id integer;
-- Relative to DATA_DIR/media, e.g. "3/queues/9f2c…_menu.pdf"; the name as shown.
alter table queues add column media_path text;
alter table queues add column media_name text;
-- Used while the company setting scheduleType is "queue". The spec's default week (admin §9):
-- Monday to Friday 08:00-18:00, Saturday 08:00-12:00, Sunday closed (00:00-00:00).
alter table queues add column schedules jsonb not null default '[
  {"weekday": "Segunda-feira", "weekdayEn": "monday", "startTime": "08:00", "endTime": "18:00"},
  {"weekday": "Terça-feira", "weekdayEn": "tuesday", "startTime": "08:00", "endTime": "18:00"},
  {"weekday": "Quarta-feira", "weekdayEn": "wednesday", "startTime": "08:00", "endTime": "18:00"},
  {"weekday": "Quinta-feira", "weekdayEn": "thursday", "startTime": "08:00", "endTime": "18:00"},
  {"weekday": "Sexta-feira", "weekdayEn": "friday", "startTime": "08:00", "endTime": "18:00"},
  {"weekday": "Sábado", "weekdayEn": "saturday", "startTime": "08:00", "endTime": "12:00"},
  {"weekday": "Domingo", "weekdayEn": "sunday", "startTime": "00:00", "endTime": "00:00"}
]'::jsonb;

-- Name and colour were unique as typed; "Vendas" and "vendas", or "#ABC" and "#abc", are the
-- same to whoever reads the list, so both become unique whatever their case.
alter table queues drop constraint queues_company_id_name_key;
alter table queues drop constraint queues_company_id_color_key;
drop index queues_company_name;
create unique index queues_company_name on queues (company_id, lower(name));
create unique index queues_company_color on queues (company_id, lower(color));
-- The list's order: the chatbot menu's order, then by name.
create index queues_company_order on queues (company_id, order_queue, lower(name));

-- The chatbot menu of a queue as a tree (anchor "QueueOptions", with the company added so that
-- every read and write is scoped by tenant). Deleting a node deletes its subtree.
create table queue_options (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  queue_id integer not null references queues (id) on delete cascade,
  parent_id integer references queue_options (id) on delete cascade,
  title text not null,
  message text not null default '',
  -- What the contact types to choose it, e.g. "1".
  option text not null default '',
  media_path text,
  media_name text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- The two reads: a queue's top level (parent_id is null) and a node's children.
create index queue_options_queue_parent on queue_options (company_id, queue_id, parent_id, id);
-- The cascade from a deleted parent reads by parent.
create index queue_options_parent on queue_options (parent_id);
