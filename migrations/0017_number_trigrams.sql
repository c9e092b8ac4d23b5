-- Searches also find a contact by part of its number ("98765" in 5511987654321), in the
-- ticket list and the contacts list. Without an index for that `like '%…%'`, the `or` with
-- the name's trigram index made Postgres read every contact of the company (35 ms on 100k).
-- Numbers are digits only; a trigram index serves the pattern. Same conditions as 0016.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    execute 'create index contacts_number_trgm on contacts using gin (number gin_trgm_ops)';
  end if;
end $$;
