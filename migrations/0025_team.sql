-- The team's own areas (admin §2, §3): the super user's announcements with each reader's
-- read mark, and the internal chat (chats, their members with unread counts, messages).

-- Platform-wide notices: every user of every company reads the active ones in the top bar's
-- bell. company_id is the writer's company (the super user's), kept for the record.
create table announcements (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  title text not null,
  text text not null,
  -- 1 high (red), 2 medium (orange), 3 low (grey).
  priority smallint not null default 3 check (priority between 1 and 3),
  status boolean not null default true,
  -- Relative to DATA_DIR/media, e.g. "1/announcements/9f2c…_banner.png".
  media_path text,
  media_name text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
-- The bell: the active ones, newest first.
create index announcements_active on announcements (created_at desc, id desc) where status;

-- Which announcements a user has seen; absent means unread.
create table announcement_reads (
  user_id integer not null references users (id) on delete cascade,
  announcement_id integer not null references announcements (id) on delete cascade,
  read_at timestamptz not null,
  primary key (user_id, announcement_id)
);

create table chats (
  id serial primary key,
  uuid uuid not null unique default gen_random_uuid(),
  company_id integer not null references companies (id) on delete cascade,
  title text not null,
  -- The chat outlives its owner; nobody may then edit it but it stays readable.
  owner_id integer references users (id) on delete set null,
  -- "<sender>: text" of the newest message, as the spec's list shows it.
  last_message text not null default '',
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index chats_company_updated on chats (company_id, updated_at desc, id desc);

create table chat_users (
  chat_id integer not null references chats (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  company_id integer not null references companies (id) on delete cascade,
  unreads integer not null default 0 check (unreads >= 0),
  primary key (chat_id, user_id)
);
-- A user's chats (the list and the top bar's badge).
create index chat_users_user on chat_users (company_id, user_id, chat_id);

create table chat_messages (
  id serial primary key,
  chat_id integer not null references chats (id) on delete cascade,
  company_id integer not null references companies (id) on delete cascade,
  -- A message stays when its sender's account is removed.
  sender_id integer references users (id) on delete set null,
  message text not null check (length(btrim(message)) > 0),
  created_at timestamptz not null
);
-- Keyset paging from the newest back.
create index chat_messages_chat on chat_messages (chat_id, id desc);
