-- Imports from another system (deno task import:whaticket): which source row became which of
-- our rows, per import source, so that running an import again changes nothing and a later
-- run after the old system kept working brings only the rows that are new. Written in the same
-- transaction as the batch it maps, so an interrupted import resumes where it stopped.
create table import_mappings (
  -- The source system and database, e.g. "whaticket:db.example.com:5432/whaticket".
  source text not null,
  -- The source table ("Tickets") and the row's id there, as text (Whaticket's message ids are
  -- WhatsApp's strings).
  source_table text not null,
  source_id text not null,
  -- Our row; null for rows kept under a composite key (settings) or folded into another.
  target_id bigint,
  imported_at timestamptz not null default now(),
  primary key (source, source_table, source_id)
);
