-- The dashboard's per-company per-day summary (issue 21): the counters, averages, ratings and
-- leads of a period are sums over whole UTC days, so the dashboard reads ~one row per day and
-- key instead of every attendance of the period. Triggers keep it exact whatever changes the
-- rows: the tracking code, ratings, imports, deletions and the foreign keys' own cascades
-- (a deleted user or queue sets the rows' key to null, and the summary follows).
--
-- kind      key            rows               timed                  total
-- started   queue_id       attendances begun  of them accepted       wait µs of those
-- wait      wait minute    accepted ones      (= rows)               wait µs
-- finished  user_id        attendances ended  of them with a time    service µs of those
-- service   service minute ended with a time  (= rows)               service µs
-- rated     user_id        ratings given      (= rows)               sum of the rates
-- rate      rate (1–3)     ratings given      (= rows)               sum of the rates
-- leads     null           contacts with a ticket, by the contact's first-seen day
--
-- The triggers run once per statement over its transition tables, so an import of 100k rows
-- adds up its changes and writes each summary row once (row by row, the same summary row
-- would be rewritten thousands of times in one transaction).
--
-- Medians and p90 stay exact: the minute histograms (wait, service) say which minute holds
-- the wanted rank, and the dashboard reads only that minute's rows through the indexes below.
create table dashboard_days (
  company_id integer not null references companies (id) on delete cascade,
  kind text not null,
  day date not null,
  key integer,
  rows integer not null,
  timed integer not null,
  total bigint not null
);
create unique index dashboard_days_key on dashboard_days (company_id, day, kind, key)
  nulls not distinct;

-- The exact microseconds of an interval (the dashboard's unit, services/dashboard/counters.ts)
-- and its whole minutes, floored at 0: the histogram key. Immutable, so indexes can use them.
create function dashboard_micros(span interval) returns bigint
  language sql immutable parallel safe
  return round(date_part('epoch', span) * 1000000::float8)::bigint;
create function dashboard_minute(micros bigint) returns integer
  language sql immutable parallel safe
  return least(greatest(micros, 0) / 60000000, 2000000000)::integer;
-- Waiting time: accepted − queued (or created, when it never had a queue), never negative.
create function dashboard_wait(created_at timestamptz, queued_at timestamptz,
                               accepted_at timestamptz) returns bigint
  language sql immutable parallel safe
  return case when accepted_at is not null then
    greatest(0, dashboard_micros(accepted_at - coalesce(queued_at, created_at)))
  end;
create function dashboard_utc_day(at timestamptz) returns date
  language sql immutable parallel safe
  return (at at time zone 'UTC')::date;

-- The rows of one wanted minute, in the period, for the exact percentiles.
create index ticket_tracking_service_minute on ticket_tracking
  (company_id, dashboard_minute(dashboard_micros(finished_at - accepted_at)), finished_at)
  include (accepted_at) where finished_at is not null and accepted_at is not null;
create index ticket_tracking_wait_minute on ticket_tracking
  (company_id, dashboard_minute(dashboard_wait(created_at, queued_at, accepted_at)), created_at)
  include (queued_at, accepted_at) where accepted_at is not null;
-- Nothing reads attendances by their finish time any more (the summary has them by day);
-- those by start time still serve the one-day chart, per hour.
drop index ticket_tracking_finished_times;

-- One change to the summary.
create type dashboard_change as (
  company_id integer, kind text, day date, key integer, rows integer, timed integer,
  total bigint
);

-- What one tracking row adds to the summary (sign −1 takes it away).
create function dashboard_tracking_rows(t ticket_tracking, sign integer)
  returns setof dashboard_change
  language sql immutable
  as $$
    with times as (
      select dashboard_wait(t.created_at, t.queued_at, t.accepted_at) as wait,
             case when t.finished_at is not null then
               dashboard_micros(t.finished_at - t.accepted_at)
             end as service
    )
    select t.company_id, 'started', dashboard_utc_day(t.created_at), t.queue_id, sign,
           case when wait is null then 0 else sign end, coalesce(wait, 0) * sign
    from times
    union all
    select t.company_id, 'wait', dashboard_utc_day(t.created_at), dashboard_minute(wait), sign,
           sign, wait * sign
    from times where wait is not null
    union all
    select t.company_id, 'finished', dashboard_utc_day(t.finished_at), t.user_id, sign,
           case when service is null then 0 else sign end, coalesce(service, 0) * sign
    from times where t.finished_at is not null
    union all
    select t.company_id, 'service', dashboard_utc_day(t.finished_at), dashboard_minute(service),
           sign, sign, service * sign
    from times where service is not null
  $$;

-- What one rating adds.
create function dashboard_rating_rows(r ticket_ratings, sign integer)
  returns setof dashboard_change
  language sql immutable
  as $$
    select r.company_id, v.kind, dashboard_utc_day(r.created_at), v.key, sign, sign,
           r.rate * sign
    from (values ('rated', r.user_id), ('rate', r.rate::integer)) v (kind, key)
  $$;

-- Adds changes to the summary, summed by key and written in key order (two writers lock
-- the summary rows in the same order), skipping a company being deleted (its summary goes
-- with it).
create function dashboard_add(changes dashboard_change[]) returns void
  language sql
  as $$
    insert into dashboard_days as d (company_id, kind, day, key, rows, timed, total)
    select c.company_id, c.kind, c.day, c.key, sum(c.rows), sum(c.timed), sum(c.total)
    from unnest(changes) c
    where exists (select 1 from companies where id = c.company_id)
    group by c.company_id, c.day, c.kind, c.key
    having sum(c.rows) <> 0 or sum(c.timed) <> 0 or sum(c.total) <> 0
    order by c.company_id, c.day, c.kind, c.key
    on conflict (company_id, day, kind, key) do update
      set rows = d.rows + excluded.rows, timed = d.timed + excluded.timed,
          total = d.total + excluded.total
  $$;

create function dashboard_tracking_changed() returns trigger
  language plpgsql
  as $$
  begin
    if tg_op = 'INSERT' then
      perform dashboard_add(array(
        select r from new_rows t, dashboard_tracking_rows(t, 1) r));
    elsif tg_op = 'DELETE' then
      perform dashboard_add(array(
        select r from old_rows t, dashboard_tracking_rows(t, -1) r));
    else
      perform dashboard_add(array(
        select r from new_rows t, dashboard_tracking_rows(t, 1) r
        union all
        select r from old_rows t, dashboard_tracking_rows(t, -1) r));
    end if;
    return null;
  end $$;

create trigger dashboard_tracking_inserted after insert on ticket_tracking
  referencing new table as new_rows
  for each statement execute function dashboard_tracking_changed();
create trigger dashboard_tracking_updated after update on ticket_tracking
  referencing old table as old_rows new table as new_rows
  for each statement execute function dashboard_tracking_changed();
create trigger dashboard_tracking_deleted after delete on ticket_tracking
  referencing old table as old_rows
  for each statement execute function dashboard_tracking_changed();

create function dashboard_rating_changed() returns trigger
  language plpgsql
  as $$
  begin
    if tg_op = 'INSERT' then
      perform dashboard_add(array(
        select r from new_rows t, dashboard_rating_rows(t, 1) r));
    elsif tg_op = 'DELETE' then
      perform dashboard_add(array(
        select r from old_rows t, dashboard_rating_rows(t, -1) r));
    else
      perform dashboard_add(array(
        select r from new_rows t, dashboard_rating_rows(t, 1) r
        union all
        select r from old_rows t, dashboard_rating_rows(t, -1) r));
    end if;
    return null;
  end $$;

create trigger dashboard_rating_inserted after insert on ticket_ratings
  referencing new table as new_rows
  for each statement execute function dashboard_rating_changed();
create trigger dashboard_rating_updated after update on ticket_ratings
  referencing old table as old_rows new table as new_rows
  for each statement execute function dashboard_rating_changed();
create trigger dashboard_rating_deleted after delete on ticket_ratings
  referencing old table as old_rows
  for each statement execute function dashboard_rating_changed();

-- Leads: a contact counts on the day it was first seen once it has a ticket. A statement's
-- tickets that came to contacts (`came`) and went from them (`went`) tell, with each
-- contact's count now, whether it had tickets before: now − came + went > 0. The contacts'
-- rows are held first (row locks: an import takes no lock-table slots) and counted in the
-- next statement, which sees what a concurrent writer committed meanwhile, so two tickets
-- created at once for a new contact count it once. A contact already gone (deleted with its
-- tickets) took its lead away itself, before its tickets went.
create function dashboard_leads_moved(came integer[], went integer[]) returns void
  language plpgsql
  as $$
  begin
    if cardinality(came) = 0 and cardinality(went) = 0 then
      return;
    end if;
    perform 1 from contacts where id = any(came || went) order by id for no key update;
    perform dashboard_add(array(
      select row(c.company_id, 'leads', dashboard_utc_day(c.created_at), null,
                 (now.tickets > 0)::integer - (now.tickets - m.net > 0)::integer, 0, 0
             )::dashboard_change
      from (select id, sum(n)::integer as net
            from (select unnest(came) as id, 1 as n
                  union all
                  select unnest(went), -1) moves
            group by id) m
      join contacts c on c.id = m.id,
      lateral (select count(*)::integer as tickets from tickets t where t.contact_id = m.id) now));
  end $$;

create function dashboard_tickets_changed() returns trigger
  language plpgsql
  as $$
  begin
    if tg_op = 'INSERT' then
      perform dashboard_leads_moved(array(select contact_id from new_rows), '{}');
    elsif tg_op = 'DELETE' then
      perform dashboard_leads_moved('{}', array(select contact_id from old_rows));
    else
      -- Only a ticket moved to another contact matters (most updates touch its status).
      perform dashboard_leads_moved(
        array(select n.contact_id from new_rows n join old_rows o using (id)
              where n.contact_id <> o.contact_id),
        array(select o.contact_id from new_rows n join old_rows o using (id)
              where n.contact_id <> o.contact_id));
    end if;
    return null;
  end $$;

create trigger dashboard_tickets_inserted after insert on tickets
  referencing new table as new_rows
  for each statement execute function dashboard_tickets_changed();
create trigger dashboard_tickets_updated after update on tickets
  referencing old table as old_rows new table as new_rows
  for each statement execute function dashboard_tickets_changed();
create trigger dashboard_tickets_deleted after delete on tickets
  referencing old table as old_rows
  for each statement execute function dashboard_tickets_changed();

-- A contact with tickets takes its lead away before it is deleted (its tickets' cascade
-- then finds no contact to count), and moves it when its first-seen day or company changes.
create function dashboard_lead_of(c contacts, sign integer) returns dashboard_change
  language sql immutable
  return row(c.company_id, 'leads', dashboard_utc_day(c.created_at), null, sign, 0, 0);

create function dashboard_contact_deleted() returns trigger
  language plpgsql
  as $$
  begin
    if exists (select 1 from tickets where contact_id = old.id) then
      perform dashboard_add(array[dashboard_lead_of(old, -1)]);
    end if;
    return old;
  end $$;

create trigger dashboard_contact_deleted before delete on contacts
  for each row execute function dashboard_contact_deleted();

create function dashboard_contacts_moved() returns trigger
  language plpgsql
  as $$
  begin
    perform dashboard_add(array(
      select dashboard_lead_of(n, 1) from new_rows n
      where exists (select 1 from tickets where contact_id = n.id)
      union all
      select dashboard_lead_of(o, -1) from old_rows o
      where exists (select 1 from tickets where contact_id = o.id)));
    return null;
  end $$;

create trigger dashboard_contacts_moved after update on contacts
  referencing old table as old_rows new table as new_rows
  for each statement execute function dashboard_contacts_moved();

-- The whole summary counted from scratch from the rows: what the migration starts from, and
-- what a test compares the triggers' work with.
create function dashboard_recount() returns setof dashboard_change
  language sql stable
  as $$
    select r.* from ticket_tracking t, dashboard_tracking_rows(t, 1) r
    union all
    select r.* from ticket_ratings t, dashboard_rating_rows(t, 1) r
    union all
    select (dashboard_lead_of(c, 1)).* from contacts c
    where exists (select 1 from tickets t where t.contact_id = c.id)
  $$;

-- Summed as it streams, rather than through dashboard_add's array: a large company's rows
-- need not fit in memory at once.
insert into dashboard_days (company_id, kind, day, key, rows, timed, total)
select company_id, kind, day, key, sum(rows), sum(timed), sum(total)
from dashboard_recount()
group by company_id, kind, day, key
having sum(rows) <> 0 or sum(timed) <> 0 or sum(total) <> 0;
