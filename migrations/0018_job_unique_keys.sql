-- Domain jobs (DESIGN §8): a job may carry a unique key ("schedule:42") so that it exists
-- once while it waits or runs; enqueueing the same key again moves the waiting job instead of
-- adding a second one. Done and failed jobs keep their key but no longer count, so the same
-- key can be queued again later (the next run of a recurring sweep).
alter table jobs add column unique_key text;
create unique index jobs_unique_key_live on jobs (unique_key)
  where unique_key is not null and status in ('queued', 'running');
