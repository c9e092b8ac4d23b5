/**
 * Schedule accuracy (issue 19): 1,000 schedules due within the same minute, sent by the real
 * job runner on the wall clock (its croner tick every second); how late each one went out
 * (`late_ms`: the send's time minus sendAt), p50 and p99. The connection is marked connected
 * without a phone, so what is measured is the scheduling and the one send path's writes, not
 * WhatsApp.
 */
import { systemClock } from "../../lib/clock.ts";
import { sql } from "../../lib/db/mod.ts";
import { createJobRunner } from "../../lib/jobs/mod.ts";
import { createDiskMediaStore } from "../../lib/media/mod.ts";
import { consoleLog } from "../../lib/log.ts";
import type { ServiceDeps } from "../../services/deps.ts";
import { createJobHandlers } from "../../services/job_handlers.ts";
import { createSchedule } from "../../services/schedules/schedules.ts";
import { createTestCompany, createTestUser } from "../../tests/helpers/accounts.ts";
import { openTestDb } from "../../tests/helpers/db.ts";
import { createTestConnection } from "../../tests/helpers/users.ts";
import { type Figure, percentile, round } from "../figure.ts";

const SCHEDULES = 1_000;
const LEAD_MS = 10_000;
const MINUTE = 60_000;

export default async function scheduleAccuracyFigures(): Promise<Figure[]> {
  const testDb = await openTestDb();
  const { db } = testDb;
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-bench-schedules-" });
  const quiet = { ...consoleLog, info: () => {} };
  const deps = {
    db,
    media: createDiskMediaStore(dataDir),
    clock: systemClock,
    log: quiet,
  } as unknown as ServiceDeps;
  const runner = createJobRunner({ deps, instanceId: "bench", handlers: createJobHandlers(deps) });
  try {
    const companyId = await createTestCompany(db);
    const user = await createTestUser(db, companyId);
    const connectionId = await createTestConnection(db, companyId);
    await db.run(sql`update whatsapps set status = 'CONNECTED', is_default = true
      where id = ${connectionId}`);
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
    ];
  } finally {
    await runner.stop();
    await testDb.close();
    await Deno.remove(dataDir, { recursive: true });
  }
}
