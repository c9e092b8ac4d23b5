/**
 * The embedded database: Postgres compiled to WASM, its files under `DATA_DIR/pgdata`
 * (or in memory for tests). One backend serves every query; PGlite queues them.
 */
import { PGlite, types } from "@electric-sql/pglite";
import { makeQueryable } from "./queryable.ts";
import type { Db, QueryResult } from "./types.ts";

export interface PgliteOptions {
  /** Starts from a copy of another database (`dumpPglite`): tests clone a migrated one. */
  loadDataDir?: Blob;
}

export async function openPglite(dataDir: string | null, options: PgliteOptions = {}): Promise<Db> {
  if (dataDir) await Deno.mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir ?? undefined, {
    loadDataDir: options.loadDataDir,
    // Counts and bigint ids come back as numbers, the same as the server driver gives.
    parsers: { [types.INT8]: (value: string) => Number(value) },
  });

  async function runOn(
    target: Pick<PGlite, "query">,
    text: string,
    values: unknown[],
  ): Promise<QueryResult<unknown>> {
    const result = await target.query(text, values);
    return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
  }

  const base = makeQueryable(
    (text, values) => runOn(pg, text, values),
    async (text) => void await pg.exec(text),
  );

  return {
    ...base,
    kind: "embedded",
    description: dataDir
      ? `embedded Postgres (PGlite) in ${dataDir}`
      : "embedded Postgres in memory",
    transaction(work) {
      return pg.transaction((tx) =>
        work(makeQueryable(
          (text, values) => runOn(tx, text, values),
          async (text) => void await tx.exec(text),
        ))
      );
    },
    async listen(channel, handler) {
      const unsubscribe = await pg.listen(channel, handler);
      return async () => await unsubscribe();
    },
    async notify(channel, payload) {
      await pg.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async close() {
      await pg.close();
    },
    [DUMP]: () => pg.dumpDataDir("none"),
  } as Db;
}

const DUMP = Symbol("dumpPglite");

/** A copy of an embedded database's files, to open clones of it with `loadDataDir`. */
export async function dumpPglite(db: Db): Promise<Blob> {
  const dump = (db as unknown as Record<symbol, () => Promise<Blob | File>>)[DUMP];
  if (!dump) throw new Error("Only an embedded database can be dumped.");
  return await dump();
}
