-- The conversation flow (issue 17): the queue chatbot's state on each ticket, the rating a
-- customer gives when a ticket is resolved, and one tracking row per attendance cycle for
-- the dashboard (waiting and service times, ratings by agent), all written by the services.

-- Where the queue chatbot stands with a ticket (services/automation/chatbot.ts):
-- the node of the queue's options tree the customer is in; how many menus it sent in this
-- conversation (maxUseBotQueues counts them); when it last spoke (timeUseBotQueues waits
-- after that); and when it last said the place is closed (said once per closed window).
alter table tickets add column queue_option_id integer references queue_options (id) on delete set null;
alter table tickets add column bot_rounds integer not null default 0 check (bot_rounds >= 0);
alter table tickets add column bot_spoke_at timestamptz;
alter table tickets add column out_of_hours_at timestamptz;
-- A resolved ticket whose customer was asked for a rating and has not answered yet: its next
-- message is read as the answer (services/automation/rating.ts). Null when not waiting.
alter table tickets add column rating_asked_at timestamptz;
-- Invalid answers received so far; the question is repeated once, then the wait ends.
alter table tickets add column rating_retries smallint not null default 0;
-- The customer's rating is looked for among closed tickets still waiting for one.
create index tickets_awaiting_rating on tickets (company_id, contact_id, whatsapp_id)
  where rating_asked_at is not null;

-- A leaf of a queue's options tree may hand the conversation to another queue ("Financeiro"
-- under Vendas → 2 → 1): choosing it moves the ticket there. Null: the ticket stays in the
-- queue it is in, waiting for a person.
alter table queue_options add column forward_queue_id integer references queues (id) on delete set null;

-- One row per attendance cycle of a ticket (created or reopened → finished): when it was
-- created, given a queue, accepted by an agent, transferred, finished, asked for a rating and
-- rated, with who and where, so the dashboard computes times and ratings by indexed SQL.
create table ticket_tracking (
  id bigserial primary key,
  company_id integer not null references companies (id) on delete cascade,
  ticket_id integer not null references tickets (id) on delete cascade,
  whatsapp_id integer references whatsapps (id) on delete set null,
  queue_id integer references queues (id) on delete set null,
  user_id integer references users (id) on delete set null,
  created_at timestamptz not null,
  queued_at timestamptz,
  accepted_at timestamptz,
  transferred_at timestamptz,
  finished_at timestamptz,
  rating_asked_at timestamptz,
  rated_at timestamptz,
  rating smallint check (rating between 1 and 3)
);
-- At most one cycle in progress per ticket.
create unique index ticket_tracking_current on ticket_tracking (ticket_id) where finished_at is null;
create index ticket_tracking_ticket on ticket_tracking (ticket_id, id);
-- The dashboard's period reads (by creation or by finish), and its per-agent figures.
create index ticket_tracking_company_created on ticket_tracking (company_id, created_at);
create index ticket_tracking_company_finished on ticket_tracking (company_id, finished_at)
  where finished_at is not null;
create index ticket_tracking_company_user on ticket_tracking (company_id, user_id, finished_at);

-- A customer's answer to the rating question: 1 unsatisfied, 2 satisfied, 3 very satisfied
-- (core §9), for the agent who resolved the ticket.
create table ticket_ratings (
  id bigserial primary key,
  company_id integer not null references companies (id) on delete cascade,
  ticket_id integer not null references tickets (id) on delete cascade,
  tracking_id bigint references ticket_tracking (id) on delete set null,
  user_id integer references users (id) on delete set null,
  -- The customer's message that carried the answer.
  message_id integer references messages (id) on delete set null,
  rate smallint not null check (rate between 1 and 3),
  created_at timestamptz not null
);
-- One rating per attendance cycle.
create unique index ticket_ratings_tracking on ticket_ratings (tracking_id) where tracking_id is not null;
create index ticket_ratings_company_created on ticket_ratings (company_id, created_at);
create index ticket_ratings_company_user on ticket_ratings (company_id, user_id, created_at);
create index ticket_ratings_ticket on ticket_ratings (ticket_id);
