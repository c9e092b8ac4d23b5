-- The ticket search looks for a part of a contact's name or of any message's text
-- (`like '%…%'`), which no b-tree can serve: on a company with a million messages it read
-- them all (440 ms). Trigram indexes serve such patterns. pg_trgm ships with Postgres and
-- is a trusted extension (a database owner may create it); the embedded database loads it
-- too. Where a server refuses it, the search still works, only without these indexes.
do $$
begin
  create extension if not exists pg_trgm;
exception when others then
  raise notice 'pg_trgm is not available (%): the ticket search runs without its indexes',
    sqlerrm;
end $$;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    execute 'create index messages_body_trgm on messages using gin (lower(body) gin_trgm_ops)';
    execute 'create index contacts_name_trgm on contacts using gin (lower(name) gin_trgm_ops)';
  end if;
end $$;
