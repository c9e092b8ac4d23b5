-- One send path (services/tickets/queue_outgoing.ts): every outgoing message says who queued
-- it, so the provider's echo of a bot, campaign, schedule or API message is recognised by
-- its origin, never by invisible characters in its text.
--
-- "Not before" needs no column of its own: a row's first next_attempt_at is the time it was
-- asked to wait for, and the claimer's query and its index (whatsapp_outbox_due) already
-- skip rows whose next_attempt_at is in the future.
alter table whatsapp_outbox add column origin text not null default 'agent';

-- Null for what Balcão did not send: customers' messages and messages typed on the phone.
alter table messages add column origin text;
