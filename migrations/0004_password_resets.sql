-- Password reset by e-mailed code (admin §2, §4, §5, §7). One pending code per user: a new
-- request replaces the previous one. Only a keyed hash of the code is kept; it expires, a
-- few wrong tries burn it, and a successful reset deletes it (single use).

create table password_resets (
  user_id integer primary key references users (id) on delete cascade,
  code_hash text not null,
  expires_at timestamptz not null,
  -- Wrong codes tried so far; the row is deleted when they reach the limit.
  attempts integer not null default 0 check (attempts >= 0),
  created_at timestamptz not null default now()
);

-- Clearing out codes that expired without being used.
create index password_resets_expires on password_resets (expires_at);
