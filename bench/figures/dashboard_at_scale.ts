/**
 * DESIGN §10 on a Postgres server (DATABASE_URL; skipped without one): `GET /api/dashboard`
 * for 30 and 90 days in a company of 100k tickets, one attendance each (tracking rows spread
 * over 120 days, every third one rated), p95 < 50 ms (p50 beside it); and the chart series.
 * The seed goes through the summary's triggers (migration `dashboard_days`) like any write.
 */
import { sql } from "../../lib/db/mod.ts";
import { loadConfig } from "../../lib/config.ts";
import { createApp } from "../../main.ts";
import { createTestCompany, createTestUser } from "../../tests/helpers/accounts.ts";
import { apiAs } from "../../tests/helpers/api_as.ts";
import { testJwtKey } from "../../tests/helpers/app.ts";
import { openTestDb } from "../../tests/helpers/db.ts";
import { type Figure, percentile, round } from "../figure.ts";

const TICKETS = 100_000;
const SPREAD_MINUTES = 120 * 24 * 60;
const AGENTS = 20;
const REQUESTS = 100;

export default async function dashboardAtScaleFigures(): Promise<Figure[]> {
  if (!Deno.env.get("DATABASE_URL")) {
    console.log("dashboard at scale: skipped, it needs a Postgres server in DATABASE_URL");
    return [];
  }
  const testDb = await openTestDb();
  const { db } = testDb;
  try {
    const jwtKey = testJwtKey();
    const app = createApp({ db, config: loadConfig({}), jwtKey });
    const companyId = await createTestCompany(db);
    const admin = await createTestUser(db, companyId);
    await db.run(sql`insert into users (company_id, name, email, password_hash, profile)
      select ${companyId}, 'Agente ' || n, 'agente' || n || '@bench.test', 'x', 'user'
      from generate_series(1, ${AGENTS}) n`);
    await db.run(sql`insert into queues (company_id, name, color)
      select ${companyId}, 'Fila ' || n, '#00000' || n from generate_series(1, 4) n`);
    await seed(db, companyId);
    const asAdmin = await apiAs(app, jwtKey, admin);
    const figures: Figure[] = [];
    const time = async (label: string, path: string, target?: number) => {
      for (let i = 0; i < 10; i++) await (await asAdmin("GET", path)).arrayBuffer();
      const samples: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const start = performance.now();
        const res = await asAdmin("GET", path);
        if (res.status !== 200) throw new Error(`${label}: ${res.status}`);
        await res.arrayBuffer();
        samples.push(performance.now() - start);
      }
      figures.push({
        name: `${label} p50 (100k tickets, Postgres)`,
        value: round(percentile(samples, 50)),
        unit: "ms",
      }, {
        name: `${label} p95 (100k tickets, Postgres)`,
        value: round(percentile(samples, 95)),
        unit: "ms",
        ...(target ? { target } : {}),
      });
    };
    await time("GET /api/dashboard, 30 days", "/api/dashboard?days=30", 50);
    await time("GET /api/dashboard, 90 days", "/api/dashboard?days=90", 50);
    await time("GET /api/dashboard/ticketsDay, 90 days", "/api/dashboard/ticketsDay?days=90");
    await time("GET /api/dashboard/ticketsUsers, 90 days", "/api/dashboard/ticketsUsers?days=90");
    return figures;
  } finally {
    await testDb.close();
  }
}

/** Contacts, tickets, one attendance each (minute by minute back from now) and ratings. */
async function seed(db: Awaited<ReturnType<typeof openTestDb>>["db"], companyId: number) {
  await db.run(sql`insert into contacts (company_id, name, number)
    select ${companyId}, 'Cliente ' || n, (5511900000000 + n)::text
    from generate_series(1, ${TICKETS}) n`);
  await db.run(sql`insert into tickets (company_id, contact_id, user_id, queue_id, status,
                                        created_at, updated_at)
    select ${companyId}, c.id,
           (select array_agg(id order by id) from users where company_id = ${companyId})
             [1 + c.r % ${AGENTS + 1}],
           (select array_agg(id order by id) from queues where company_id = ${companyId})
             [1 + c.r % 4],
           case when c.r > ${TICKETS - 300} then 'open' else 'closed' end,
           now() - ((${TICKETS} - c.r) * ${SPREAD_MINUTES / TICKETS}::float8) * interval '1 minute',
           now()
    from (select id, row_number() over (order by id) as r from contacts
          where company_id = ${companyId}) c`);
  await db.run(sql`update contacts c set created_at = t.created_at
    from tickets t where t.contact_id = c.id and c.company_id = ${companyId}`);
  await db.run(sql`insert into ticket_tracking (company_id, ticket_id, queue_id, user_id,
                                                created_at, queued_at, accepted_at, finished_at)
    select company_id, id, queue_id, user_id, created_at, created_at + interval '1 minute',
           created_at + (2 + id % 30) * interval '1 minute',
           case when status = 'closed' then created_at + (10 + id % 90) * interval '1 minute' end
    from tickets where company_id = ${companyId}`);
  await db.run(sql`insert into ticket_ratings (company_id, ticket_id, tracking_id, user_id, rate,
                                               created_at)
    select company_id, ticket_id, id, user_id, 1 + id % 3, finished_at + interval '2 minutes'
    from ticket_tracking
    where company_id = ${companyId} and finished_at is not null and id % 3 = 0`);
  // As autovacuum leaves a settled table: statistics and the visibility map (index-only scans).
  await db.run(sql`vacuum analyze`);
}
