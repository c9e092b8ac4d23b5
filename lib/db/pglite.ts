/**
 * The embedded database: Postgres compiled to WASM, its files under `DATA_DIR/pgdata`
 * (or in memory for tests). One backend serves every query; PGlite queues them.
 */
import { PGlite, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { makeQueryable } from "./queryable.ts";
import type { Db, QueryResult } from "./types.ts";

export interface PgliteOptions {
  /** Starts from a copy of another database (`dumpPglite`): tests clone a migrated one. */
  loadDataDir?: Blob;
}

/**
 * Postgres' default 128 MB of shared buffers lives inside the WASM heap of this process; the
 * embedded database serves small installations and its files are read through the OS page
 * cache anyway, so 16 MB keeps the server's memory about 100 MB lower (bench: sandbox_memory).
 */
const START_PARAMS = [
  ...(PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams,
  "-c",
  "shared_buffers=16MB",
];

async function createPglite(dataDir: string | null, options: PgliteOptions): Promise<PGlite> {
  return await PGlite.create(dataDir ?? undefined, {
    loadDataDir: options.loadDataDir,
    startParams: START_PARAMS,
    // Trigram indexes serve the ticket search (migration 0016).
    extensions: { pg_trgm },
    // Counts and bigint ids come back as numbers, the same as the server driver gives.
    parsers: { [types.INT8]: (value: string) => Number(value) },
  });
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

export async function openPglite(dataDir: string | null, options: PgliteOptions = {}): Promise<Db> {
  if (dataDir) await Deno.mkdir(dataDir, { recursive: true });
  const fresh = dataDir !== null && !await exists(`${dataDir}/PG_VERSION`);
  let pg = await createPglite(dataDir, options);
  if (fresh && !options.loadDataDir) {
    // The first start ran initdb in its own WASM instance, which holds on to a few hundred
    // MB for as long as this PGlite lives; reopening the new files lets that go.
    await pg.close();
    pg = await createPglite(dataDir, options);
  }

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
