/**
 * A fresh, migrated database for one test module, on the suite's Postgres server: the one
 * `DATABASE_URL` names or, without it, an embedded server of the suite's own (the same one
 * `deno task start` runs), each module with a new database of its own, dropped afterwards.
 */
import { type Db, type Sql, sql } from "../../lib/db/mod.ts";
import { startEmbeddedPostgres } from "../../lib/db/embedded.ts";
import { migrate, readMigrations } from "../../lib/db/migrate.ts";
import { openServer, serverClient } from "../../lib/db/server.ts";

/**
 * Without DATABASE_URL the embedded server starts when this module is first imported, before
 * any test (so no test owns its process), once for the whole test process, and stops with it.
 */
const serverUrl = Deno.env.get("DATABASE_URL") ||
  (await startEmbeddedPostgres(null)).url;

/**
 * On a server, migrating a new database takes about a second and copying a migrated one a
 * fifth of that, which is minutes over the suite. The template is named by a digest of the
 * migrations, so it is built once per set of migrations and reused by later runs and by
 * test processes running side by side (an advisory lock lets one of them build it, under a
 * temporary name renamed when complete, so a crash never leaves a half-migrated template).
 * Answers the `create database` clause that copies it: by file copy where the server has
 * the choice (Postgres 15+), which is faster than the default for a database this small.
 */
let serverTemplateName: Promise<string> | undefined;

function serverTemplate(): Promise<string> {
  serverTemplateName ??= (async () => {
    const migrations = await readMigrations();
    const digest = await crypto.subtle.digest(
      "SHA-256",
      new TextEncoder().encode(migrations.map((m) => `${m.id}:${m.name}:${m.text}`).join("\n")),
    );
    const hex = Array.from(
      new Uint8Array(digest).slice(0, 8),
      (b) => b.toString(16).padStart(2, "0"),
    )
      .join("");
    const name = `balcao_template_${hex}`;
    const admin = serverClient(serverUrl, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`select pg_advisory_lock(${TEMPLATE_LOCK_KEY})`);
      const [found] = await admin.unsafe(`select 1 from pg_database where datname = $1`, [name]);
      if (!found) {
        const building = `${name}_building`;
        await admin.unsafe(`drop database if exists ${building}`);
        await admin.unsafe(`create database ${building}`);
        const url = new URL(serverUrl);
        url.pathname = `/${building}`;
        const db = openServer(url.href, { max: 1 });
        await migrate(db, migrations);
        await db.close();
        await admin.unsafe(`alter database ${building} rename to ${name}`);
      }
      await admin.unsafe(`select pg_advisory_unlock(${TEMPLATE_LOCK_KEY})`);
      const [row] = await admin.unsafe(`show server_version_num`);
      return Number(row?.server_version_num) >= 150000
        ? `template ${name} strategy file_copy`
        : `template ${name}`;
    } finally {
      await admin.end();
    }
  })();
  return serverTemplateName;
}

/** Arbitrary but fixed, apart from the migrations' own lock key. */
const TEMPLATE_LOCK_KEY = 7_212_002;

export interface TestDb {
  db: Db;
  /** The URL of this module's own database. */
  url: string;
  /** Opens another connection pool to the same database, as a second instance would. */
  openAnother(): Db;
  close(): Promise<void>;
}

export async function openTestDb(options: { migrated?: boolean } = {}): Promise<TestDb> {
  const name = `balcao_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = serverClient(serverUrl, { max: 1, onnotice: () => {} });
  if (options.migrated === false) await admin.unsafe(`create database ${name}`);
  else await admin.unsafe(`create database ${name} ${await serverTemplate()}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openServer(url.href, { max: 5 });
  const others: Db[] = [];
  return {
    db,
    url: url.href,
    openAnother() {
      const other = openServer(url.href, { max: 5 });
      others.push(other);
      return other;
    },
    async close() {
      await Promise.all([db, ...others].map((d) => d.close()));
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * True in the pass on the Postgres server DATABASE_URL names, where the tests of several
 * instances sharing one server run (they would pass on the embedded one too, and only repeat).
 */
export const onServer = Boolean(Deno.env.get("DATABASE_URL"));

/**
 * Server only: takes a lock with `lockQuery`, starts `work`, waits until `waiters` sessions
 * are blocked on that lock, then releases it, so that the requests `work` started really
 * race for it. Answers what `work` comes to.
 */
export async function startBehindLock<T>(
  db: Db,
  lockQuery: Sql,
  waiters: number,
  work: () => Promise<T>,
): Promise<T> {
  let started: { result: Promise<T> } | undefined;
  await db.transaction(async (tx) => {
    await tx.run(lockQuery);
    // Wrapped, so that the transaction does not wait for the work it is holding up.
    started = { result: work() };
    await waitForLockWaiters(db, waiters);
  });
  return await started!.result;
}

/** Waits until `count` sessions of this database are blocked on a lock. */
async function waitForLockWaiters(db: Db, count: number): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const { waiting } = await db.one<{ waiting: number }>(sql`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`);
    if (waiting >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} sessions came to wait on the lock within 5 s`);
}
