-- The super user's administration (admin §3): help videos, the company's billing address
-- and opening hours, and names that stay unique whatever their case.

-- Help videos are the installation's, shown to every company: no company_id on purpose.
create table helps (
  id serial primary key,
  title text not null,
  -- The YouTube video id (the API turns a pasted URL into it).
  video text not null,
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

alter table companies
  add column billing_name text,
  add column address_zip_code text,
  add column address_street text,
  add column address_state text,
  add column address_city text,
  add column address_district text,
  -- Opening hours used when the setting scheduleType is "company": an array of
  -- {weekday, weekdayEn, startTime, endTime} (HH:MM), validated by the API.
  add column schedules jsonb not null default '[]'::jsonb;

-- "Plano 1" and "plano 1" would be the same plan to a person; the same goes for companies.
create unique index plans_name_lower on plans (lower(name));
create unique index companies_name_lower on companies (lower(name));
