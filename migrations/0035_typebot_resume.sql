-- A Typebot flow stopped on a client-side action that waits for a dedicated answer (a pausing
-- Wait block) goes on at this time, by the integration's resume job (issue 32 item 2); until
-- then the customer's texts do not answer it. Null when the flow waits for the customer.
alter table queue_integration_sessions add column typebot_resume_at timestamptz;
