-- Messages stored before this fix kept their details (location, contact cards, call log) as a
-- JSON string inside jsonb instead of an object; turn those back into objects.
update messages set data = (data #>> '{}')::jsonb
where data is not null and jsonb_typeof(data) = 'string';
