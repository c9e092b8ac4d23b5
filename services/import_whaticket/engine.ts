/**
 * Runs one table step: reads the source in batches by keyset on its id, leaves out the rows
 * imported before (the mapping table), lets the step decide each new row (insert, match an
 * existing row, or skip with a reason), then writes the batch and its mappings in one
 * transaction, so an interrupted import resumes at the first batch it did not commit.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { type ImportContext, mappedAlready, recordMappings } from "./context.ts";
import { count } from "./report.ts";
import type { SourceRow } from "./source.ts";

/** What a step decides for one new source row. */
export type Decision =
  /** Insert this row (our columns); `repaired` notes what was changed on the way. */
  | { sourceId: string; insert: Record<string, unknown>; repaired?: string }
  /** The row already exists here (same name, same e-mail): map to it, insert nothing. */
  | { sourceId: string; matched: number | null; reason: string }
  | { sourceId: string; skip: string };

export interface TargetTable {
  name: string;
  /** Our column → its SQL type, as the batch's JSON is read (`id` is added for serial tables). */
  columns: Record<string, string>;
  /** True when rows get a new id from the table's sequence (mapped to the source id). */
  serial: boolean;
  /** What a row that is already here does instead of being left out (settings: take the value). */
  onConflict?: string;
}

export interface TableStep {
  /** The source table, as named there (also the report's line). */
  table: string;
  /** A select over the source whose rows carry the keyset column `id`. */
  select: string | ((ctx: ImportContext) => Promise<string>);
  keyType: "int" | "text";
  /** The mapping's id of a row when the keyset column is not it (a tree read parents first). */
  sourceIdOf?(row: SourceRow): string;
  target: TargetTable;
  decide(rows: SourceRow[], ctx: ImportContext): Promise<Decision[]>;
  /**
   * For a table whose rows keep their source id (messages keep WhatsApp's), the rows already
   * here are found by that id, and no mapping rows are written (a million of them, otherwise).
   */
  keptHere?(ctx: ImportContext, rows: SourceRow[]): Promise<Set<string>>;
  /** Runs in the batch's transaction after its rows are inserted. */
  afterInsert?(tx: Queryable, inserted: { sourceId: string; id: number | null }[]): Promise<void>;
}

/** Inserts records from one JSON parameter; answers the ids of the rows that went in. */
async function insertRecords(
  tx: Queryable,
  target: TargetTable,
  records: Record<string, unknown>[],
): Promise<Set<number> | number> {
  const columns = target.serial ? { id: "integer", ...target.columns } : target.columns;
  const names = Object.keys(columns).map((c) => `"${c}"`).join(", ");
  const types = Object.entries(columns).map(([c, type]) => `"${c}" ${type}`).join(", ");
  const result = await tx.run<{ id: number }>(sql`
    insert into ${sql.ident(target.name)} (${sql.raw(names)})
    select ${sql.raw(names)} from jsonb_to_recordset(${JSON.stringify(records)}::text::jsonb)
      as r(${sql.raw(types)})
    ${sql.raw(target.onConflict ?? "on conflict do nothing")}
    ${target.serial ? sql`returning id` : sql.empty}`);
  return target.serial ? new Set(result.rows.map((row) => Number(row.id))) : result.rowCount;
}

export async function newIds(tx: Queryable, table: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = await tx.query<{ id: number }>(sql`
    select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id
    from generate_series(1, ${n})`);
  return rows.map((row) => Number(row.id));
}

export async function runStep(ctx: ImportContext, step: TableStep): Promise<void> {
  const line = ctx.report.table(step.table);
  if (!await ctx.source.hasTable(step.table)) {
    count(line.skipped, "the source has no such table");
    return;
  }
  const select = typeof step.select === "string" ? step.select : await step.select(ctx);
  const [{ total }] = await ctx.source.query(
    `select count(*)::int as total from (${select}) s`,
  ) as [
    { total: number },
  ];
  let after: string | number = step.keyType === "int" ? -2147483648 : "";
  let done = 0;
  ctx.progress.update(step.table, 0, total);
  for (;;) {
    const rows = await ctx.source.query(
      `select * from (${select}) s where s.id > $1 order by s.id limit $2`,
      [after, ctx.batchSize],
    );
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id as string | number;
    done += rows.length;
    line.read += rows.length;
    await runBatch(ctx, step, rows);
    ctx.progress.update(step.table, done, total);
  }
  ctx.progress.update(step.table, done, total, true);
}

async function runBatch(ctx: ImportContext, step: TableStep, rows: SourceRow[]): Promise<void> {
  const line = ctx.report.table(step.table);
  const idOf = step.sourceIdOf ?? ((row: SourceRow) => String(row.id));
  const sourceIds = rows.map(idOf);
  const before = step.keptHere
    ? await step.keptHere(ctx, rows)
    : await mappedAlready(ctx.target, ctx.source.name, step.table, sourceIds);
  const fresh = rows.filter((row) => !before.has(idOf(row)));
  if (before.size > 0) count(line.skipped, "already imported", before.size);
  if (fresh.length === 0) return;

  const decisions = await step.decide(fresh, ctx);
  const inserts = decisions.filter((d) => "insert" in d);
  const known = ctx.loadedIds(step.table);
  await ctx.batch(async (tx) => {
    // A step may have taken its ids already (prompts seal their keys for their row's id).
    const fresh = step.target.serial
      ? await newIds(tx, step.target.name, inserts.filter((d) => d.insert.id === undefined).length)
      : [];
    const ids = inserts.map((d) => d.insert.id === undefined ? fresh.shift() : Number(d.insert.id));
    const records = inserts.map((d, i) =>
      step.target.serial ? { ...d.insert, id: ids[i] } : d.insert
    );
    const wentIn = records.length > 0
      ? await insertRecords(tx, step.target, records)
      : (step.target.serial ? new Set<number>() : 0);
    const inserted: { sourceId: string; id: number | null }[] = [];
    inserts.forEach((d, i) => {
      const id = step.target.serial ? ids[i]! : null;
      if (typeof wentIn === "number" || wentIn.has(id!)) {
        inserted.push({ sourceId: d.sourceId, id });
        if (d.repaired) count(line.repaired, d.repaired);
      } else {
        count(line.skipped, "conflicts with a row already here (same name or number)");
      }
    });
    if (typeof wentIn === "number" && wentIn < inserts.length) {
      count(line.skipped, "a duplicate of a row already here", inserts.length - wentIn);
    }
    const matched = decisions.filter((d) => "matched" in d);
    for (const d of matched) count(line.skipped, d.reason);
    for (const d of decisions) if ("skip" in d) count(line.skipped, d.skip);
    if (!step.keptHere) {
      await recordMappings(tx, ctx.source.name, step.table, [
        ...inserted.map((i) => ({ sourceId: i.sourceId, targetId: i.id })),
        ...matched.map((m) => ({ sourceId: m.sourceId, targetId: m.matched })),
      ]);
    }
    await step.afterInsert?.(tx, inserted);
    line.imported += typeof wentIn === "number" ? wentIn : inserted.length;
    for (const i of inserted) if (i.id !== null) known?.set(i.sourceId, i.id);
    for (const m of matched) if (m.matched !== null) known?.set(m.sourceId, m.matched);
  });
}
