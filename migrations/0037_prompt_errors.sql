-- The provider's last refusal of a prompt's call (issue 32 item 4): its own words (or a code
-- of ours when we stopped the answer), shown to the company's admins on the prompts page and
-- cleared by the next answer that works.
alter table prompts add column last_error text;
alter table prompts add column last_error_code text;
alter table prompts add column last_error_at timestamptz;
