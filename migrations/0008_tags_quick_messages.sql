-- Tags (admin §7 "Tags") and quick messages (admin §7 "Quick messages").

create table tags (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  name text not null,
  color text not null check (color ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$'),
  -- 1 makes the tag a kanban lane (admin §4); kept 0/1 as the spec's API carries it.
  kanban smallint not null default 0 check (kanban in (0, 1)),
  -- Who created it; the tag outlives its creator.
  user_id integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- One name per company whatever its case; also serves the list, ordered by lower(name).
create unique index tags_company_name on tags (company_id, lower(name));
-- The kanban lanes of a company.
create index tags_company_kanban on tags (company_id, lower(name)) where kanban = 1;

-- A quick message is private to its owner, or shared with the whole company when `geral`.
-- Shortcodes are unique where they would collide for the same reader: a private one per
-- owner, a shared one per company. A private shortcode may equal a shared one; the "/"
-- suggestions then show both, each with its text, and the agent picks.
create table quick_messages (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  shortcode text not null,
  message text not null default '',
  -- Relative to DATA_DIR/media, e.g. "3/quick-messages/9f2c…_price_list.pdf".
  media_path text,
  -- The uploaded file's name as shown (spaces turned into underscores).
  media_name text,
  geral boolean not null default false,
  status boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- These two partial indexes are also the visibility query's access paths: "mine or the
-- company's shared ones" is one bitmap OR of them, both in shortcode order.
create unique index quick_messages_private_shortcode
  on quick_messages (company_id, user_id, lower(shortcode)) where not geral;
create unique index quick_messages_shared_shortcode
  on quick_messages (company_id, lower(shortcode)) where geral;
-- Deleting a user cascades here by user_id alone; without it that delete scans the table.
create index quick_messages_user on quick_messages (user_id);
