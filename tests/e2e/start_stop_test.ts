import assert from "node:assert/strict";
import postgres from "postgres";
import { onServer, openTestDb } from "../helpers/db.ts";
import { startAppProcess } from "../helpers/process.ts";

Deno.test("[e2e] the app starts on the embedded database, logs where it runs, and stops cleanly", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-e2e-" });
  try {
    const app = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL: "" });
    const health = await fetch(`${app.url}/api/health`);
    assert.equal(health.status, 200);
    assert.equal((await health.json()).database, "embedded");
    const code = await app.stop("SIGTERM");
    const log = app.log();
    assert.equal(code, 0, log);
    assert.match(log, /Database: embedded Postgres \(PGlite\) in /);
    assert.match(log, new RegExp(`Data directory: ${dataDir}`));
    assert.match(log, /Migrations applied: 1/);
    assert.match(log, /SIGTERM received: stopping/);
    assert.match(log, /Stopped cleanly\./);

    // A second start on the same directory keeps the data and applies nothing new.
    const again = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL: "" });
    assert.equal(await again.stop("SIGINT"), 0);
    assert.doesNotMatch(again.log(), /Migrations applied/);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test({
  name: "[e2e] two instances on one Postgres server both start and migrate once",
  ignore: !onServer,
  async fn() {
    const testDb = await openTestDb({ migrated: false });
    const dataDir = await Deno.makeTempDir({ prefix: "balcao-e2e-" });
    try {
      const env = { DATABASE_URL: testDb.url!, DATA_DIR: dataDir };
      const [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
      for (const instance of [a, b]) {
        const res = await fetch(`${instance.url}/api/health`);
        assert.deepEqual((await res.json()).database, "server");
      }
      const applied = [a.log(), b.log()].filter((log) => /Migrations applied/.test(log));
      assert.equal(applied.length, 1, "exactly one instance applied the migrations");
      assert.equal(await a.stop(), 0);
      assert.equal(await b.stop(), 0);
      const sql = postgres(testDb.url!, { max: 1 });
      const [row] = await sql`select count(*)::int as n from schema_migrations`;
      await sql.end();
      assert.equal(row?.n, (await Array.fromAsync(Deno.readDir("migrations"))).length);
    } finally {
      await testDb.close();
      await Deno.remove(dataDir, { recursive: true });
    }
  },
});
