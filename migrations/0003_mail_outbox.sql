-- Every e-mail Balcão sends is written here first, so a message is never lost silently:
-- without SMTP_URL the row (and the log) is the only place a self-hoster finds it.

create table mail_outbox (
  id bigserial primary key,
  -- Null for platform mail (e.g. the super user's password reset); tenant mail carries
  -- its company.
  company_id integer,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  -- pending: written, not yet handed to SMTP (left so only by a crash mid-send);
  -- logged: no SMTP configured, the message went to the log instead.
  status text not null default 'pending'
    check (status in ('pending', 'sent', 'failed', 'logged')),
  error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);

-- A company's mail, newest first (its own outbox view).
create index mail_outbox_company on mail_outbox (company_id, created_at desc)
  where company_id is not null;
-- Finding messages stuck as pending, oldest first, for a later retry.
create index mail_outbox_pending on mail_outbox (created_at) where status = 'pending';
