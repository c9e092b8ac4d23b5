/**
 * Balcão as a real process with a real WhatsApp (`beta`) connection to the WhatsApp Web
 * simulator, killed with SIGKILL after the server delivered a customer's message and before
 * the server heard the device acknowledge it. The server keeps it queued and delivers it again
 * (offline) to the next process, which stores it once; the session goes on working.
 *
 * The restart waits for the dead process's lease to lapse (30 s, DESIGN §7).
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { onServer, openTestDb } from "../helpers/db.ts";
import { type AppProcess, startAppProcess } from "../helpers/process.ts";
import { SIMULATOR_CA_FILE, WhatsappServer } from "../whatsapp_server/mod.ts";

const BUSINESS = "5511900000009";

async function until<T>(check: () => Promise<T | undefined>, what: string, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

Deno.test({
  name: "[e2e] SIGKILL before the device acked a message: delivered again, stored once",
  ignore: !onServer,
  async fn() {
    // Before this process's first request: the media host's CA (tests/run.ts sets it for all).
    if (!Deno.env.get("DENO_CERT")) Deno.env.set("DENO_CERT", SIMULATOR_CA_FILE);
    const server = await new WhatsappServer().start();
    const testDb = await openTestDb({ migrated: false });
    const { db } = testDb;
    const dataDir = await Deno.makeTempDir({ prefix: "balcao-wa-kill-" });
    const env = {
      DATABASE_URL: testDb.url!,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: "root@example.com",
      ADMIN_PASSWORD: "root-password",
      WA_WEBSOCKET_URL: server.url,
      WA_ROOT_PUBLIC_KEY: server.rootPublicKeyHex,
      DENO_CERT: SIMULATOR_CA_FILE,
    };
    let app: AppProcess | undefined = await startAppProcess(env);
    try {
      const login = await (await fetch(`${app.url}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
      })).json();
      const api = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(`${app!.url}${path}`, {
          method,
          headers: { Authorization: `Bearer ${login.token}`, "Content-Type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${text}`);
        return text ? JSON.parse(text) : null;
      };
      const connection = await api("POST", "/api/whatsapp", {
        name: "Loja",
        provider: "beta",
        isDefault: true,
      });
      const status = () =>
        db.one<{ status: string; qrcode: string }>(sql`
          select status, qrcode from whatsapps where id = ${connection.id}`);
      await api("POST", `/api/whatsappsession/${connection.id}`);
      const qr = await until(async () => (await status()).qrcode || undefined, "a QR");
      server.scan(BUSINESS, qr);
      await until(async () => (await status()).status === "CONNECTED" || undefined, "CONNECTED");

      const carla = server.customer("5511966660001", "Carla");
      const stored = (wid: string) =>
        db.query<{ id: number }>(sql`select id from messages where wid = ${wid}`);
      const first = await carla.send(BUSINESS, "primeira");
      await until(async () => (await stored(first)).length > 0 || undefined, "the first message");

      // The process dies after storing the message, before the server heard its receipt.
      server.messaging.holdAcks = true;
      const during = await carla.send(BUSINESS, "durante a queda");
      await until(async () => (await stored(during)).length > 0 || undefined, "the message");
      await app.stop("SIGKILL");
      app = undefined;
      server.messaging.holdAcks = false;
      const companion = server.directory.byPn(BUSINESS)!.companions.get(1)!;
      assert.deepEqual(companion.pending.map((p) => p.key), [`message:${during}`]);

      app = await startAppProcess(env);
      await until(
        () => Promise.resolve(companion.pending.length === 0 || undefined),
        "the redelivered message to be acknowledged",
      );
      assert.equal((await stored(during)).length, 1, "stored once");
      const after = await carla.send(BUSINESS, "depois");
      await until(async () => (await stored(after)).length > 0 || undefined, "a later message");
      const tickets = await db.one<{ n: number }>(sql`select count(*)::int as n from tickets`);
      assert.equal(tickets.n, 1);
      assert.equal(server.socketsOf(BUSINESS).length, 1);
    } finally {
      await app?.stop("SIGTERM");
      await server.close();
      await testDb.close();
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    }
  },
});
