-- Where a Dialogflow ES agent lives (issue 32 item 3): '' for the global agent, else the
-- region its project chose ("europe-west2"), asked at that region's own host and location.
alter table queue_integrations add column dialogflow_location text not null default '';
