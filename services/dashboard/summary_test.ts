/**
 * The per-day summary against the rows it sums: after inserts, updates, deletions and the
 * foreign keys' cascades (a user, a queue, a contact, a whole company deleted), the summary
 * equals a recount from scratch, and the dashboard's averages, medians and p90 equal
 * `avg()` and `percentile_cont` over the rows themselves, on times with microseconds,
 * negative service times, attendances never accepted and rows without agent or queue.
 */
import assert from "node:assert/strict";
import { type Db, sql } from "../../lib/db/mod.ts";
import { createTestCompany } from "../../tests/helpers/accounts.ts";
import { openTestDb } from "../../tests/helpers/db.ts";
import { dashboardOf } from "./counters.ts";
import { periodOf } from "./period.ts";

const NOW = new Date("2026-05-20T15:00:00Z");

/** What the summary holds, and a recount of it from the rows by the migration's own rules. */
async function summaryAndRecount(db: Db) {
  const kept = await db.query<{ line: string }>(sql`
    select concat_ws(' ', company_id, kind, day, key, rows, timed, total) as line
    from dashboard_days where rows <> 0 or timed <> 0 or total <> 0 order by 1`);
  const recount = await db.query<{ line: string }>(sql`
    select concat_ws(' ', company_id, kind, day, key, sum(rows), sum(timed), sum(total)) as line
    from dashboard_recount()
    group by company_id, kind, day, key order by 1`);
  return { kept: kept.map((r) => r.line), recount: recount.map((r) => r.line) };
}

/** The figures straight from the rows, as the dashboard computed them before the summary. */
async function fromTheRows(db: Db, companyId: number, from: Date, to: Date) {
  const figures = (micros: ReturnType<typeof sql>, at: string) =>
    sql`
    select round((avg(m) / 60000000)::numeric, 1)::float8 as avg,
           round((percentile_cont(0.5) within group (order by m / 60000000::float8))::numeric, 1)
             ::float8 as median,
           round((percentile_cont(0.9) within group (order by m / 60000000::float8))::numeric, 1)
             ::float8 as p90,
           count(*)::int as total
    from (select ${micros} as m from ticket_tracking
          where company_id = ${companyId} and ${sql.raw(at)} >= ${from}::timestamptz
            and ${sql.raw(at)} < ${to}::timestamptz) rows`;
  const service = await db.one<{ avg: number; median: number; p90: number; total: number }>(
    figures(
      sql`case when finished_at is not null then dashboard_micros(finished_at - accepted_at) end`,
      "finished_at",
    ),
  );
  const wait = await db.one<{ avg: number; median: number; p90: number; total: number }>(
    figures(sql`dashboard_wait(created_at, queued_at, accepted_at)`, "created_at"),
  );
  const { leads } = await db.one<{ leads: number }>(sql`
    select count(*)::int as leads from contacts c
    where c.company_id = ${companyId} and c.created_at >= ${from}::timestamptz
      and c.created_at < ${to}::timestamptz
      and exists (select 1 from tickets t where t.contact_id = c.id)`);
  return { service, wait, leads };
}

Deno.test("[dashboard] the per-day summary follows every change and keeps the figures exact", async () => {
  const { db, close } = await openTestDb();
  try {
    const companyId = await createTestCompany(db);
    const gone = await createTestCompany(db);
    for (const company of [companyId, gone]) {
      await db.run(sql`insert into users (company_id, name, email, password_hash, profile)
        select ${company}, 'A' || n, 'a' || n || '-' || ${company} || '@summary.test', 'x', 'user'
        from generate_series(1, 4) n`);
      await db.run(sql`insert into queues (company_id, name, color)
        select ${company}, 'Q' || n, '#00000' || n from generate_series(1, 3) n`);
      // Times spread by fixed odd steps, in microseconds, over ~40 days before NOW.
      await db.run(sql`insert into contacts (company_id, name, number, created_at)
        select ${company}, 'C' || n, (5511700000000 + n)::text,
               ${NOW}::timestamptz - (n * 3456789123::bigint % 3500000000000) * interval '1 microsecond'
        from generate_series(1, 160) n`);
      await db.run(sql`insert into tickets (company_id, contact_id, status)
        select company_id, id, case when id % 3 = 0 then 'open' else 'closed' end
        from contacts where company_id = ${company} and id % 4 <> 0`);
      await db.run(sql`insert into tickets (company_id, contact_id, status)
        select company_id, id, 'closed' from contacts where company_id = ${company} and id % 5 = 0`);
      await db.run(sql`
        insert into ticket_tracking (company_id, ticket_id, queue_id, user_id, created_at,
                                     queued_at, accepted_at, finished_at)
        select ${company}, t.id,
               case when t.id % 7 <> 0 then (select min(id) from queues where company_id = ${company}) + t.id % 3 end,
               case when t.id % 6 <> 0 then (select min(id) from users where company_id = ${company}) + t.id % 4 end,
               c0,
               case when t.id % 4 <> 1 then c0 + (t.id::bigint * 7919111 % 900000000) * interval '1 microsecond' end,
               case when t.id % 9 <> 0 then c0 + (t.id::bigint * 13131313 % 9000000000) * interval '1 microsecond'
                 + case when t.id % 29 = 0 then interval '35 days' else interval '0' end end,
               case when t.id % 5 <> 2 then c0 + (t.id::bigint * 17171717 % 12000000000) * interval '1 microsecond' end
        from (select id, ${NOW}::timestamptz - (id * 2718281828::bigint % 3400000000000) * interval '1 microsecond' as c0
              from tickets where company_id = ${company}) t`);
      await db.run(
        sql`insert into ticket_ratings (company_id, ticket_id, tracking_id, user_id, rate, created_at)
        select company_id, ticket_id, id, user_id, 1 + id % 3, created_at + interval '1 day'
        from ticket_tracking where company_id = ${company} and id % 3 = 0`,
      );
    }

    // What the app, the agents and the cascades change afterwards.
    await db.run(sql`update ticket_tracking set accepted_at = created_at + interval '95 seconds'
      where company_id = ${companyId} and accepted_at is null and id % 2 = 0`);
    await db.run(sql`update ticket_tracking set finished_at = accepted_at + interval '1 hour'
      where company_id = ${companyId} and finished_at is null and accepted_at is not null`);
    await db.run(sql`update ticket_tracking set rating_asked_at = ${NOW} where id % 2 = 1`);
    await db.run(sql`update ticket_ratings set rate = 1 + rate % 3 where id % 4 = 0`);
    await db.run(
      sql`delete from users where id = (select max(id) from users where company_id = ${companyId})`,
    );
    await db.run(
      sql`delete from queues where id = (select min(id) from queues where company_id = ${companyId})`,
    );
    await db.run(sql`delete from ticket_ratings where id % 10 = 1`);
    await db.run(sql`delete from ticket_tracking where id % 31 = 0`);
    await db.run(sql`delete from tickets where company_id = ${companyId} and id % 23 = 0`);
    await db.run(sql`delete from contacts where company_id = ${companyId} and id % 17 = 0`);
    await db.run(
      sql`update tickets set contact_id = (select max(id) from contacts where company_id = ${companyId} and id % 4 = 0)
      where company_id = ${companyId} and id % 19 = 0`,
    );
    await db.run(sql`update contacts set created_at = created_at - interval '2 days'
      where company_id = ${companyId} and id % 11 = 0`);
    await db.run(sql`delete from companies where id = ${gone}`);

    const { kept, recount } = await summaryAndRecount(db);
    assert.ok(kept.length > 100, `only ${kept.length} summary rows`);
    assert.deepEqual(kept, recount);
    assert.ok(
      !kept.some((line) => line.startsWith(`${gone} `)),
      "a deleted company's summary stays",
    );

    for (const days of [1, 7, 30, 45]) {
      const period = periodOf({ days }, NOW);
      const dashboard = await dashboardOf(db, companyId, period, false);
      const rows = await fromTheRows(db, companyId, period.from, period.to);
      const { counters } = dashboard;
      assert.deepEqual(
        { ...counters.supportTime, total: counters.supportFinished },
        rows.service,
        `service, ${days} days`,
      );
      assert.deepEqual(
        { ...counters.waitTime, total: counters.tickets },
        rows.wait,
        `wait, ${days} days`,
      );
      assert.equal(counters.leads, rows.leads, `leads, ${days} days`);
    }
  } finally {
    await close();
  }
});

Deno.test({
  name: "[dashboard] two tickets opened at once for a new contact make one lead",
  // Two transactions at once need two connections: a Postgres server.
  ignore: !Deno.env.get("DATABASE_URL"),
  async fn() {
    const testDb = await openTestDb();
    const { db } = testDb;
    const another = testDb.openAnother();
    try {
      const companyId = await createTestCompany(db);
      const { id: contactId } = await db.one<{ id: number }>(sql`
        insert into contacts (company_id, name, number) values (${companyId}, 'Nova', '5511955550000')
        returning id`);
      const open = (on: Pick<Db, "run">) =>
        on.run(sql`insert into tickets (company_id, contact_id, status)
          values (${companyId}, ${contactId}, 'closed')`);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let firstIn!: () => void;
      const first = db.transaction(async (tx) => {
        await open(tx);
        firstIn();
        await held;
      });
      await new Promise<void>((resolve) => (firstIn = resolve));
      const second = another.transaction((tx) => open(tx));
      // The second waits on the contact the first holds; then the first commits.
      for (let waiting = 0; waiting === 0;) {
        ({ waiting } = await db.one<{ waiting: number }>(sql`
          select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`));
      }
      release();
      await Promise.all([first, second]);
      const { leads } = await db.one<{ leads: number }>(sql`
        select coalesce(sum(rows), 0)::int as leads from dashboard_days
        where company_id = ${companyId} and kind = 'leads'`);
      assert.equal(leads, 1);
    } finally {
      await another.close();
      await testDb.close();
    }
  },
});
