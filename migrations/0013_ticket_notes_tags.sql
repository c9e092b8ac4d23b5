-- Internal notes on a conversation (core §3 "note") and the tags a ticket carries.

create table ticket_notes (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  ticket_id integer not null references tickets (id) on delete cascade,
  contact_id integer not null references contacts (id) on delete cascade,
  -- Who wrote it; the note outlives its author.
  user_id integer references users (id) on delete set null,
  note text not null check (length(note) >= 2),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- The notes panel lists a contact's notes (all their tickets), newest first.
create index ticket_notes_contact on ticket_notes (company_id, contact_id, created_at desc);
create index ticket_notes_ticket on ticket_notes (ticket_id);

-- One row per tag on a ticket: the primary key keeps a tag from landing twice (the
-- original's kanban moves could duplicate it).
create table ticket_tags (
  ticket_id integer not null references tickets (id) on delete cascade,
  tag_id integer not null references tags (id) on delete cascade,
  company_id integer not null references companies (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (ticket_id, tag_id)
);
-- Tag counts and the ticket list's tag filter.
create index ticket_tags_tag on ticket_tags (tag_id, ticket_id);

-- A message delete that could not be done in time is cancelled rather than done later.
alter table whatsapp_outbox drop constraint whatsapp_outbox_status_check;
alter table whatsapp_outbox add constraint whatsapp_outbox_status_check
  check (status in ('pending', 'sending', 'sent', 'failed', 'cancelled'));

