-- Conversations (core §3): tickets, one customer's conversation on one connection, and their
-- messages.

create table tickets (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  uuid uuid not null default gen_random_uuid() unique,
  contact_id integer not null references contacts (id) on delete cascade,
  whatsapp_id integer references whatsapps (id) on delete set null,
  user_id integer references users (id) on delete set null,
  queue_id integer references queues (id) on delete set null,
  status text not null default 'pending' check (status in ('pending', 'open', 'closed')),
  is_group boolean not null default false,
  chatbot boolean not null default false,
  use_integration boolean not null default false,
  integration_id integer,
  prompt_id integer,
  last_message text not null default '',
  unread_messages integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- At most one conversation in progress per customer and connection, whatever arrives at
-- once: concurrent messages of a new customer meet here instead of making two tickets.
create unique index tickets_one_in_progress on tickets (company_id, contact_id, whatsapp_id)
  where status <> 'closed';
-- The ticket lists: per company and status, newest activity first (and its keyset).
create index tickets_company_status_updated on tickets (company_id, status, updated_at desc, id desc);
create index tickets_company_queue on tickets (company_id, queue_id, status);
create index tickets_contact on tickets (contact_id, id);

create table messages (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  ticket_id integer not null references tickets (id) on delete cascade,
  contact_id integer references contacts (id) on delete set null,
  whatsapp_id integer references whatsapps (id) on delete set null,
  -- WhatsApp's id for the message: a repeated event for it changes nothing.
  wid text not null,
  body text not null default '',
  from_me boolean not null default false,
  read boolean not null default false,
  ack smallint not null default 0 check (ack between 0 and 5),
  media_type text not null default 'chat',
  media_path text,
  media_name text,
  quoted_wid text,
  -- Location, contact cards, a missed call: what the message view draws for those kinds.
  data jsonb,
  is_deleted boolean not null default false,
  is_edited boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index messages_company_wid on messages (company_id, wid);
-- A ticket's messages, newest first, and the keyset of "older pages".
create index messages_ticket_created on messages (ticket_id, created_at desc, id desc);
