/**
 * Opens the database named by the configuration: a Postgres server when `DATABASE_URL` is
 * set, otherwise the embedded one, a Postgres server of Balcão's own under `DATA_DIR`.
 */
import { join } from "node:path";
import { startEmbeddedPostgres } from "./embedded.ts";
import { openServer } from "./server.ts";
import type { Db } from "./types.ts";

export { Sql, sql } from "./sql.ts";
export { uniqueViolation } from "./errors.ts";
export type { Db, Queryable, QueryResult } from "./types.ts";

export interface OpenDbOptions {
  databaseUrl?: string;
  /** Directory for the embedded database; `null` makes a throwaway one (tests, bench). */
  dataDir: string | null;
}

export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) return openServer(options.databaseUrl);
  if (options.dataDir) await refuseEarlierEmbeddedFiles(options.dataDir);
  const server = await startEmbeddedPostgres(
    options.dataDir ? join(options.dataDir, "postgres") : null,
  );
  const db = openServer(server.url);
  return {
    ...db,
    kind: "embedded",
    description: options.dataDir
      ? `embedded Postgres in ${server.dir}`
      : "embedded Postgres in a temporary directory",
    async close() {
      await db.close();
      await server.stop();
    },
  };
}

/**
 * Until issue 38 the embedded database was PGlite (Postgres in WASM) in `DATA_DIR/pgdata`, files
 * a native server cannot read. They are never touched: the start stops and says so.
 */
async function refuseEarlierEmbeddedFiles(dataDir: string): Promise<void> {
  const found = async (path: string) => await Deno.stat(path).then(() => true, () => false);
  if (
    await found(join(dataDir, "pgdata", "PG_VERSION")) &&
    !await found(join(dataDir, "postgres", "PG_VERSION"))
  ) {
    throw new Error(
      `${join(dataDir, "pgdata")} holds the database of an earlier Balcão (PGlite), which this ` +
        `version does not convert: keep running the earlier version on it, or move the folder ` +
        `away to start this one on an empty database.`,
    );
  }
}
