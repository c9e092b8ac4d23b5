-- The dashboard (issue 21): its period reads are index-only where the figures allow.
-- Attendances finished in the period, with what their service time and per-agent figures
-- need, so the averages, median and p90 read the index alone.
create index ticket_tracking_finished_times on ticket_tracking (company_id, finished_at)
  include (accepted_at, user_id) where finished_at is not null;
-- Attendances started in the period: their wait, their queue, the per-day chart.
create index ticket_tracking_created_times on ticket_tracking (company_id, created_at)
  include (queued_at, accepted_at, queue_id);
-- Platform counters for the super user: connected sessions.
create index whatsapps_connected on whatsapps (status) where status = 'CONNECTED';
-- The two covering indexes above answer every read the plain ones of 0022 did.
drop index ticket_tracking_company_created;
drop index ticket_tracking_company_finished;
