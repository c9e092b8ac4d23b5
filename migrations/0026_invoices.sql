-- Billing (admin §2–§4, §7): each company's invoices, the Pix charges made for them and every
-- payment confirmation, accepted or not.

-- One invoice per company and period: the period is the due date it pays, so the hourly sweep
-- of every instance can insert "the invoice for this due date" and only one row ever lands.
create table invoices (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  due_date date not null,
  -- The plan's name and price when the invoice was made (the plan may change later).
  detail text not null,
  value numeric(12, 2) not null check (value >= 0),
  recurrence text not null
    check (recurrence in ('MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL')),
  status text not null default 'open' check (status in ('open', 'paid')),
  -- The charge that paid it.
  txid text,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, due_date),
  check ((status = 'paid') = (paid_at is not null))
);
create index invoices_company_list on invoices (company_id, due_date desc, id desc);

-- Pix charges: the txid binds a payment to its invoice on the server, so the browser never
-- names what is being paid for. A static BR Code and a provider's dynamic charge alike.
create table pix_charges (
  txid text primary key check (txid ~ '^[A-Za-z0-9]{1,35}$'),
  invoice_id integer not null references invoices (id) on delete cascade,
  company_id integer not null references companies (id) on delete cascade,
  provider text not null check (provider in ('static', 'efi')),
  value numeric(12, 2) not null check (value > 0),
  copy_paste text not null,
  expires_at timestamptz,
  created_at timestamptz not null default now()
);
create index pix_charges_invoice on pix_charges (invoice_id, created_at desc);

-- Every confirmation that reached the server: a provider's (webhook) or the super user's by
-- hand (with the reason, as an audit trail). A short or wrong payment is kept, not accepted.
create table invoice_payments (
  id serial primary key,
  invoice_id integer not null references invoices (id) on delete cascade,
  company_id integer not null references companies (id) on delete cascade,
  source text not null check (source in ('provider', 'manual')),
  txid text,
  -- The Pix transfer's own id: one transfer is recorded once, however often it is notified.
  end_to_end_id text unique,
  amount numeric(12, 2),
  accepted boolean not null,
  -- The super user's reason, or why a payment was not accepted (an ERR_ code).
  reason text not null,
  user_id integer references users (id) on delete set null,
  due_date_before date,
  due_date_after date,
  created_at timestamptz not null default now()
);
-- An invoice is paid once: a second accepted confirmation cannot be stored, so the company's
-- due date moves once whatever races.
create unique index invoice_payments_accepted_once on invoice_payments (invoice_id)
  where accepted;
create index invoice_payments_company on invoice_payments (company_id, created_at desc);
