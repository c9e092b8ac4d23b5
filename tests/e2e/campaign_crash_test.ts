/**
 * Crash safety of campaigns (issue 20, "Done when"): the app runs as a real process on a
 * Postgres server with a sandbox connection; a 200-contact campaign starts; the process is
 * killed with SIGKILL while the messages are going out; a new process on the same database
 * finishes the campaign. Every contact got the message exactly once, and the report says so.
 *
 * The wait after the restart is the real one (about two minutes): the dead process's
 * outbox claims, the connection's lease and its running sweep job must lapse (DESIGN §6,
 * §7, §8) before the new process takes them over.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { onServer, openTestDb } from "../helpers/db.ts";
import { type AppProcess, startAppProcess } from "../helpers/process.ts";

const CONTACTS = 200;

Deno.test({
  name: "[e2e] a campaign killed mid-way with SIGKILL finishes after a restart, each contact once",
  ignore: !onServer,
  async fn() {
    const testDb = await openTestDb({ migrated: false });
    const dataDir = await Deno.makeTempDir({ prefix: "balcao-crash-" });
    const env = {
      DATABASE_URL: testDb.url!,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: "root@example.com",
      ADMIN_PASSWORD: "root-password",
    };
    let app: AppProcess | undefined = await startAppProcess(env);
    try {
      const login = await (await fetch(`${app.url}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
      })).json();
      const call = async (base: string, method: string, path: string, body?: unknown) => {
        const form = body instanceof FormData;
        const res = await fetch(`${base}${path}`, {
          method,
          headers: {
            Authorization: `Bearer ${login.token}`,
            ...(form || body === undefined ? {} : { "Content-Type": "application/json" }),
          },
          body: form ? body : body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${text}`);
        return text ? JSON.parse(text) : null;
      };
      const api = (method: string, path: string, body?: unknown) =>
        call(app!.url, method, path, body);

      const connection = await api("POST", "/api/whatsapp", {
        name: "Loja",
        provider: "sandbox",
        isDefault: true,
      });
      await api("POST", `/api/whatsappsession/${connection.id}`);
      await api("POST", `/api/sandbox/${connection.id}/pair`);
      const list = await api("POST", "/api/contact-lists", { name: "Base" });
      const csv = ["Nome,Numero"].concat(
        Array.from({ length: CONTACTS }, (_, i) => `Cliente ${i},55119877${String(10001 + i)}`),
      ).join("\n");
      const form = new FormData();
      form.append("file", new File([csv], "base.csv", { type: "text/csv" }));
      const report = await api("POST", `/api/contact-lists/${list.id}/upload`, form);
      assert.equal(report.counts.added, CONTACTS);
      await api("POST", "/api/campaign-settings", {
        settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 },
      });
      const campaign = await api("POST", "/api/campaigns", {
        name: "Queda",
        message1: "Oferta para {nome}",
        contactListId: list.id,
        whatsappId: connection.id,
        scheduledAt: new Date().toISOString(),
      });

      const { db } = testDb;
      const sentCount = async () =>
        (await db.one<{ n: number }>(sql`
          select count(*)::int as n from sandbox_messages
          where whatsapp_id = ${connection.id} and direction = 'out'`)).n;
      // Killed as soon as some, not all, went out.
      const deadline = Date.now() + 60_000;
      let before = 0;
      while (before === 0 && Date.now() < deadline) {
        before = await sentCount();
        if (before === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await app.stop("SIGKILL");
      app = undefined;
      assert.ok(before > 0 && before < CONTACTS, `killed after ${before} of ${CONTACTS}`);

      app = await startAppProcess(env);
      const finished = Date.now() + 240_000;
      let shown = await api("GET", `/api/campaigns/${campaign.id}/report`);
      while (shown.campaign.status !== "FINALIZADA" && Date.now() < finished) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        shown = await api("GET", `/api/campaigns/${campaign.id}/report`);
      }
      if (shown.campaign.status !== "FINALIZADA") {
        const outbox = await db.query(sql`
          select status, count(*)::int as n from whatsapp_outbox group by status`);
        const jobs = await db.query(sql`
          select kind, status, attempts, last_error from jobs order by id desc limit 5`);
        const connection = await db.query(sql`select status, session_wanted from whatsapps`);
        assert.fail(
          JSON.stringify({ counts: shown.counts, outbox, jobs, connection, before }) +
            "\n" + app.log(),
        );
      }
      assert.equal(shown.counts.planned, CONTACTS);
      assert.equal(shown.counts.delivered, CONTACTS);
      assert.equal(shown.counts.failed, 0);
      const perNumber = await db.query<{ number: string; n: number }>(sql`
        select number, count(*)::int as n from sandbox_messages
        where whatsapp_id = ${connection.id} and direction = 'out' group by number`);
      assert.equal(perNumber.length, CONTACTS);
      assert.deepEqual(perNumber.filter((row) => row.n !== 1), [], "someone got it twice");
    } finally {
      await app?.stop("SIGTERM");
      await testDb.close();
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    }
  },
});
