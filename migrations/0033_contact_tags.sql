-- The tags a contact carries (issue 23 item 1), beside the tags of each of their tickets:
-- "customer", "wholesale", "VIP" belong to the person and outlive any one conversation.
-- The primary key keeps a tag from landing twice on a contact and serves the contact's
-- own list; the second index serves "which contacts carry this tag" within a company.
create table contact_tags (
  contact_id integer not null references contacts (id) on delete cascade,
  tag_id integer not null references tags (id) on delete cascade,
  company_id integer not null references companies (id) on delete cascade,
  primary key (contact_id, tag_id)
);
create index contact_tags_company_tag on contact_tags (company_id, tag_id, contact_id);

-- The contact panel's previous conversations: a contact's tickets, newest first, paged by
-- keyset on (created_at, id) within the company.
create index tickets_company_contact_created
  on tickets (company_id, contact_id, created_at desc, id desc);
