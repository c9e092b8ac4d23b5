/**
 * Opens the database named by the configuration: a Postgres server when
 * `DATABASE_URL` is set, otherwise the embedded one under `DATA_DIR`.
 */
import { join } from "node:path";
import { openPglite } from "./pglite.ts";
import { openServer } from "./server.ts";
import type { Db } from "./types.ts";

export { Sql, sql } from "./sql.ts";
export { uniqueViolation } from "./errors.ts";
export type { Db, Queryable, QueryResult } from "./types.ts";

export interface OpenDbOptions {
  databaseUrl?: string;
  /** Directory for the embedded database; `null` keeps it in memory. */
  dataDir: string | null;
}

export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) return openServer(options.databaseUrl);
  return await openPglite(options.dataDir ? join(options.dataDir, "pgdata") : null);
}
