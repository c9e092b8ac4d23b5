/**
 * Schedule accuracy (issue 19): 1,000 schedules due within the same minute, sent by the real
 * job runner on the wall clock (its croner tick every second); how late each one went out
 * (`late_ms`: the send's time minus sendAt), p50 and p99; then how late each reached the
 * phone: the whole path, job → one send path → outbox → provider, on a sandbox connection
 * (the simulated phone records each message as it is handed over).
 */
import { systemClock } from "../../lib/clock.ts";
import { sql } from "../../lib/db/mod.ts";
import { createJobRunner } from "../../lib/jobs/mod.ts";
import { createDiskMediaStore } from "../../lib/media/mod.ts";
import { consoleLog } from "../../lib/log.ts";
import { nullHub } from "../../lib/realtime/mod.ts";
import type { ServiceDeps } from "../../services/deps.ts";
import { createJobHandlers } from "../../services/job_handlers.ts";
import { createSchedule } from "../../services/schedules/schedules.ts";
import { createTestCompany, createTestUser } from "../../tests/helpers/accounts.ts";
import { openTestDb } from "../../tests/helpers/db.ts";
import { createConnection } from "../../services/whatsapp/connections.ts";
import { createWhatsappSessions } from "../../services/whatsapp/mod.ts";
import { type Figure, percentile, round } from "../figure.ts";

const SCHEDULES = 1_000;
const LEAD_MS = 10_000;
const MINUTE = 60_000;

export default async function scheduleAccuracyFigures(): Promise<Figure[]> {
  const testDb = await openTestDb();
  const { db } = testDb;
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-bench-schedules-" });
  const quiet = { ...consoleLog, info: () => {} };
  const media = createDiskMediaStore(dataDir);
  // Receipts an hour later: the figure is the send, not the simulated customer's phone.
  const hub = nullHub();
  const sessions = createWhatsappSessions({
    db,
    hub,
    media,
    sandbox: { deliveredAfterMs: 3_600_000, readAfterMs: 3_600_000 },
  });
  const deps = {
    db,
    hub,
    media,
    clock: systemClock,
    log: quiet,
    sessions,
  } as unknown as ServiceDeps;
  const runner = createJobRunner({ deps, instanceId: "bench", handlers: createJobHandlers(deps) });
  try {
    const companyId = await createTestCompany(db);
    const user = await createTestUser(db, companyId);
    const { id: connectionId } = await createConnection({ db, hub }, companyId, {
      name: "Bench",
      provider: "sandbox",
      isDefault: true,
    });
    await sessions.startLoops();
    await sessions.start(companyId, connectionId);
    await sessions.sandbox(connectionId, { kind: "pair" });
    await db.run(sql`
      insert into contacts (company_id, name, number)
      select ${companyId}, 'Cliente ' || n, (5511900000000 + n)::text
      from generate_series(1, ${SCHEDULES}) as n`);
    const contacts = await db.query<{ id: number }>(sql`
      select id from contacts where company_id = ${companyId} order by id`);
    const minute = Math.ceil((Date.now() + LEAD_MS) / MINUTE) * MINUTE;
    const who = { companyId, userId: user.id, profile: "admin" as const, super: false };
    for (const [i, contact] of contacts.entries()) {
      await createSchedule(deps, who, {
        contactId: contact.id,
        body: `Lembrete ${i} para {{firstName}}`,
        sendAt: new Date(minute + Math.floor((i / SCHEDULES) * MINUTE)),
      });
    }
    runner.start();
    const deadline = minute + 3 * MINUTE;
    while (Date.now() < deadline) {
      const { left } = await db.one<{ left: number }>(sql`
        select count(*)::int as left from schedules
        where company_id = ${companyId} and status <> 'ENVIADA'`);
      if (left === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const late = (await db.query<{ late: number }>(sql`
      select late_ms::float8 as late from schedules
      where company_id = ${companyId} and status = 'ENVIADA'`)).map((row) => row.late);
    const delivered = async () =>
      (await db.query<{ late: number }>(sql`
        select extract(epoch from (p.created_at - s.send_at)) * 1000 as late
        from schedules s
        join messages m on m.id = s.message_id
        join sandbox_messages p on p.company_id = s.company_id and p.message_id = m.wid
          and p.direction = 'out'
        where s.company_id = ${companyId}`)).map((row) => Number(row.late));
    let phone = await delivered();
    while (phone.length < late.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      phone = await delivered();
    }
    const where = db.description.startsWith("Postgres") ? "Postgres server" : "embedded";
    const name = `schedule accuracy, ${SCHEDULES} due in one minute (${where})`;
    return [
      {
        name: `${name}: sent`,
        value: late.length,
        unit: "schedules",
        target: SCHEDULES,
        better: "higher",
      },
      {
        name: `${name}: lateness p50`,
        value: round(percentile(late, 50)),
        unit: "ms",
        target: 1000,
      },
      {
        name: `${name}: lateness p99`,
        value: round(percentile(late, 99)),
        unit: "ms",
        target: 2000,
      },
      {
        name: `${name}: reached the phone (sandbox)`,
        value: phone.length,
        unit: "schedules",
        target: SCHEDULES,
        better: "higher",
      },
      {
        name: `${name}: reached the phone, lateness p50`,
        value: round(percentile(phone, 50)),
        unit: "ms",
        target: 1000,
      },
      {
        name: `${name}: reached the phone, lateness p99`,
        value: round(percentile(phone, 99)),
        unit: "ms",
        target: 2000,
      },
    ];
  } finally {
    await runner.stop();
    await sessions.close();
    await testDb.close();
    await Deno.remove(dataDir, { recursive: true });
  }
}
