/** What every import step works with: the source, the target and the mappings between them. */
import type { Queryable } from "../../lib/db/mod.ts";
import { sql } from "../../lib/db/mod.ts";
import type { MediaStore } from "../../lib/media/mod.ts";
import type { SecretBox } from "../../lib/crypto/secret_box.ts";
import type { ImportReport, Progress } from "./report.ts";
import type { Source } from "./source.ts";

export interface ImportContext {
  source: Source;
  /** Reads on the target outside a batch (never while a batch's transaction is open). */
  target: Queryable;
  /** Runs one batch's writes in one transaction (the dry run's single outer one instead). */
  batch<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  report: ImportReport;
  progress: Progress;
  batchSize: number;
  dryRun: boolean;
  /** "Now" for what depends on it (a schedule whose time has passed is not sent). */
  now: Date;
  /** Where Whaticket kept its uploads (its backend's `public` folder), when given. */
  mediaDir?: string;
  media: MediaStore;
  secrets: SecretBox;
  /** Source id → our id for an imported table, loaded once and kept current. */
  ids(sourceTable: string): Promise<Map<string, number>>;
  /** The same map only when something already loaded it (big tables are never loaded). */
  loadedIds(sourceTable: string): Map<string, number> | undefined;
}

/** Mapping rows of one source table, as a map (for the tables others refer to). */
export async function loadIds(
  target: Queryable,
  source: string,
  sourceTable: string,
): Promise<Map<string, number>> {
  const rows = await target.query<{ source_id: string; target_id: number | null }>(sql`
    select source_id, target_id from import_mappings
    where source = ${source} and source_table = ${sourceTable} and target_id is not null`);
  return new Map(rows.map((row) => [row.source_id, Number(row.target_id)]));
}

/** Which of `ids` were imported before (any target, null included). */
export async function mappedAlready(
  target: Queryable,
  source: string,
  sourceTable: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await target.query<{ source_id: string }>(sql`
    select source_id from import_mappings
    where source = ${source} and source_table = ${sourceTable}
      and source_id = any(${ids}::text[])`);
  return new Set(rows.map((row) => row.source_id));
}

export async function recordMappings(
  tx: Queryable,
  source: string,
  sourceTable: string,
  pairs: { sourceId: string; targetId: number | null }[],
): Promise<void> {
  if (pairs.length === 0) return;
  await tx.run(sql`
    insert into import_mappings (source, source_table, source_id, target_id)
    select ${source}, ${sourceTable}, r.s, r.t
    from jsonb_to_recordset(${
    JSON.stringify(pairs.map((p) => ({ s: p.sourceId, t: p.targetId })))
  }::text::jsonb) as r(s text, t bigint)
    on conflict do nothing`);
}
