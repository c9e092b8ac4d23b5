-- Fixed-window call counters shared by every instance (lib/http/shared_rate_limit.ts): one row
-- per key, its window restarted in place, so the table holds one row per limited key.
create table rate_limit_windows (
  key text primary key,
  hits integer not null,
  reset_at timestamptz not null
);
