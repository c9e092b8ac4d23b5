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
    assert.match(log, /Database: embedded Postgres in /);
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
  name: "[e2e] two instances on one Postgres server start, migrate once and share realtime events",
  ignore: !onServer,
  async fn() {
    const testDb = await openTestDb({ migrated: false });
    const dataDir = await Deno.makeTempDir({ prefix: "balcao-e2e-" });
    try {
      const env = {
        DATABASE_URL: testDb.url!,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: "root@example.com",
        ADMIN_PASSWORD: "root-password",
      };
      const [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
      for (const instance of [a, b]) {
        const res = await fetch(`${instance.url}/api/health`);
        assert.deepEqual((await res.json()).database, "server");
      }
      // Each file is applied by exactly one of the two (they may share the work).
      const applied = [a.log(), b.log()].flatMap((log) =>
        (/Migrations applied: ([\d, ]+)/.exec(log)?.[1] ?? "").split(", ").filter(Boolean)
      );
      const files = (await Array.fromAsync(Deno.readDir("migrations"))).length;
      assert.equal(applied.length, files, `applied: ${applied.join(", ")}`);
      assert.equal(new Set(applied).size, files);

      // A realtime event published on instance A reaches a socket on instance B: a socket of
      // the super user on B hears the sign-out notice that a new login on A publishes.
      const login = () =>
        fetch(`${a.url}/api/auth/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
        }).then((res) => res.json());
      const first = await login();
      const socket = new WebSocket(`${b.url.replace("http", "ws")}/ws?token=${first.token}`);
      const heard = new Promise<{ channel: string; data: { user: { id: number } } }>(
        (resolve, reject) => {
          socket.onmessage = (event) => {
            const message = JSON.parse(event.data);
            if (message.channel.endsWith("-auth")) resolve(message);
          };
          socket.onclose = () => reject(new Error("the socket on B was closed"));
        },
      );
      await new Promise((resolve) => socket.onopen = resolve);
      await login();
      const message = await heard;
      socket.onclose = null;
      socket.close();
      assert.equal(message.channel, `company-${first.user.companyId}-auth`);
      assert.equal(message.data.user.id, first.user.id);
      assert.equal(await a.stop(), 0);
      assert.equal(await b.stop(), 0);
      const sql = postgres(testDb.url!, { max: 1 });
      const [row] = await sql`select count(*)::int as n from schema_migrations`;
      await sql.end();
      assert.equal(row?.n, files);
    } finally {
      await testDb.close();
      await Deno.remove(dataDir, { recursive: true });
    }
  },
});
