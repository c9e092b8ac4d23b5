/**
 * The dashboard's calls against figures computed by hand from a fixed data set: tracking
 * rows with known times (one waiting 36 days, so an interval longer than a month), ratings
 * (one given the day after its attendance finished), leads, the period presets and ranges,
 * the chart series, the super user's platform counters, refusals and tenancy.
 *
 * Now is 2026-03-15 12:00Z; `days=7` is 2026-03-09 00:00Z up to 2026-03-16 00:00Z.
 */
import assert from "node:assert/strict";
import { FakeClock } from "../../lib/clock.ts";
import { type Db, sql } from "../../lib/db/mod.ts";
import { answer, apiAs } from "../helpers/api_as.ts";
import { openTestApp } from "../helpers/app.ts";
import { createCompanyWithUsers } from "../helpers/company.ts";

const at = (text: string) => new Date(`2026-${text}Z`);

async function ticket(
  db: Db,
  companyId: number,
  contactId: number,
  status: string,
  created: string,
) {
  return (await db.one<{ id: number }>(sql`insert into tickets
    (company_id, contact_id, status, created_at, updated_at)
    values (${companyId}, ${contactId}, ${status}, ${at(created)}, ${at(created)}) returning id`))
    .id;
}

/** A contact first seen at `created` (when its first ticket was opened). */
async function contact(db: Db, companyId: number, number: string, created: string) {
  return (await db.one<{ id: number }>(
    sql`insert into contacts (company_id, name, number, created_at)
    values (${companyId}, ${"Cliente " + number}, ${number}, ${at(created)}) returning id`,
  )).id;
}

interface Cycle {
  ticketId: number;
  userId?: number;
  queueId?: number;
  created: string;
  queued?: string;
  accepted?: string;
  finished?: string;
}

async function cycle(db: Db, companyId: number, row: Cycle): Promise<number> {
  const time = (text?: string) => text ? at(text) : null;
  return (await db.one<{ id: number }>(sql`insert into ticket_tracking
    (company_id, ticket_id, user_id, queue_id, created_at, queued_at, accepted_at, finished_at)
    values (${companyId}, ${row.ticketId}, ${row.userId ?? null}, ${row.queueId ?? null},
            ${at(row.created)}, ${time(row.queued)}::timestamptz, ${
    time(row.accepted)
  }::timestamptz,
            ${time(row.finished)}::timestamptz) returning id`)).id;
}

async function rate(
  db: Db,
  companyId: number,
  ticketId: number,
  trackingId: number,
  userId: number,
  value: number,
  given: string,
) {
  await db.run(sql`insert into ticket_ratings (company_id, ticket_id, tracking_id, user_id, rate,
                                               created_at)
    values (${companyId}, ${ticketId}, ${trackingId}, ${userId}, ${value}, ${at(given)})`);
}

Deno.test("[api] dashboard: counters, charts and refusals on a fixed data set", async (t) => {
  const clock = new FakeClock(at("03-15T12:00:00"));
  const { app, db, jwtKey, close } = await openTestApp({ clock });
  try {
    const acme = await createCompanyWithUsers(db, jwtKey, {
      ana: { super: true },
      bia: { profile: "user" },
      caio: { profile: "user" },
      dora: {},
    });
    const other = await createCompanyWithUsers(db, jwtKey, { eve: {} });
    const { companyId } = acme;
    const { ana, bia, caio, dora } = acme.users;
    await db.run(sql`update users set name = case id when ${ana.id} then 'Ana' when ${bia.id}
      then 'Bia' when ${caio.id} then 'Caio' else 'Dora' end where company_id = ${companyId}`);
    await db.run(sql`update users set online = true where id = ${bia.id}`);
    const queue = async (name: string, color: string) =>
      (await db.one<{ id: number }>(sql`insert into queues (company_id, name, color)
        values (${companyId}, ${name}, ${color}) returning id`)).id;
    const vendas = await queue("Vendas", "#0000aa");
    const suporte = await queue("Suporte", "#00aa00");
    const firstSeen = ["01-10", "03-14", "03-15", "01-20", "03-13", "01-05"];
    const [c1, c2, c3, c4, c5, c6] = await Promise.all(
      firstSeen.map((day, n) => contact(db, companyId, `551190000000${n}`, `${day}T07:00:00`)),
    ) as [number, number, number, number, number, number];
    // A contact first seen in the period who never had a ticket is no lead.
    await contact(db, companyId, "5511900000099", "03-14T07:00:00");
    const t1 = await ticket(db, companyId, c1, "closed", "01-10T10:00:00");
    const t2 = await ticket(db, companyId, c2, "closed", "03-14T10:00:00");
    const t3 = await ticket(db, companyId, c3, "closed", "03-15T08:00:00");
    const t4 = await ticket(db, companyId, c4, "closed", "01-20T00:00:00");
    const t5 = await ticket(db, companyId, c5, "pending", "03-13T12:00:00");
    await ticket(db, companyId, c6, "open", "01-05T00:00:00");
    // A second ticket of a lead in the same period: still one lead.
    await ticket(db, companyId, c2, "closed", "03-15T09:00:00");

    const r1 = await cycle(db, companyId, {
      ticketId: t1,
      userId: bia.id,
      queueId: vendas,
      created: "03-14T09:00:00",
      queued: "03-14T09:00:00",
      accepted: "03-14T09:10:00", // waited 10
      finished: "03-14T09:40:00", // served 30
    });
    const r2 = await cycle(db, companyId, {
      ticketId: t2,
      userId: bia.id,
      queueId: suporte,
      created: "03-14T10:00:00",
      queued: "03-14T10:05:00",
      accepted: "03-14T10:25:00", // waited 20
      finished: "03-14T11:25:00", // served 60
    });
    const r3 = await cycle(db, companyId, {
      ticketId: t3,
      userId: caio.id,
      queueId: vendas,
      created: "03-15T08:00:00", // never queued: waited 30 from its creation
      accepted: "03-15T08:30:00",
      finished: "03-15T10:00:00", // served 90
    });
    await cycle(db, companyId, {
      ticketId: t4,
      userId: caio.id,
      created: "01-20T00:00:00",
      queued: "01-20T00:00:00",
      accepted: "02-25T00:00:00", // waited 36 days: 51,840 minutes
      finished: "03-15T00:00:00", // served 18 days: 25,920 minutes
    });
    await cycle(db, companyId, {
      ticketId: t5,
      created: "03-13T12:00:00",
      queued: "03-13T12:00:00",
    });
    const r6 = await cycle(db, companyId, {
      ticketId: t1,
      userId: bia.id,
      created: "02-01T10:00:00",
      accepted: "02-01T10:05:00", // waited 5
      finished: "02-01T10:15:00", // served 10
    });
    await rate(db, companyId, t1, r1, bia.id, 3, "03-14T09:45:00");
    // Given the day after the attendance finished (the anchor's date join dropped it).
    await rate(db, companyId, t2, r2, bia.id, 2, "03-15T00:30:00");
    await rate(db, companyId, t3, r3, caio.id, 1, "03-15T10:05:00");
    await rate(db, companyId, t1, r6, bia.id, 1, "02-01T10:20:00");

    // Another company's attendance in the same days must count nowhere above.
    const eveContact = await contact(db, other.companyId, "5511911111111", "03-14T07:00:00");
    const eveTicket = await ticket(db, other.companyId, eveContact, "open", "03-14T08:00:00");
    await cycle(db, other.companyId, {
      ticketId: eveTicket,
      userId: other.users.eve.id,
      created: "03-14T08:00:00",
      accepted: "03-14T08:01:00",
      finished: "03-14T08:02:00",
    });

    const asAna = await apiAs(app, jwtKey, ana);
    const asDora = await apiAs(app, jwtKey, dora);
    const asBia = await apiAs(app, jwtKey, bia);
    const asEve = await apiAs(app, jwtKey, other.users.eve);
    const get = async (call: typeof asAna, path: string) => {
      const res = await answer(await call("GET", path));
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body;
    };

    await t.step("seven days: every counter as computed by hand", async () => {
      const body = await get(asDora, `/api/dashboard?days=7&companyId=${other.companyId}`);
      assert.deepEqual(body.period, {
        from: "2026-03-09T00:00:00.000Z",
        to: "2026-03-16T00:00:00.000Z",
        days: 7,
      });
      assert.deepEqual(body.counters, {
        supportHappening: 1,
        supportPending: 1,
        supportFinished: 4,
        tickets: 4,
        leads: 3,
        avgSupportTime: 6525, // (30 + 60 + 90 + 25,920) / 4
        avgWaitTime: 20, // (10 + 20 + 30) / 3; the one still waiting has no wait yet
        supportTime: { avg: 6525, median: 75, p90: 18171 }, // 90 + 0.7 × (25,920 − 90)
        waitTime: { avg: 20, median: 20, p90: 28 },
      });
      assert.deepEqual(body.attendants, [
        {
          id: bia.id,
          name: "Bia",
          online: true,
          tickets: 2,
          avgSupportTime: 45,
          rating: 2.5,
          ratings: 2,
        },
        {
          id: caio.id,
          name: "Caio",
          online: false,
          tickets: 2,
          avgSupportTime: 13005,
          rating: 1,
          ratings: 1,
        },
        ...[ana, dora].map((user) => ({
          id: user.id,
          name: user === ana ? "Ana" : "Dora",
          online: false,
          tickets: 0,
          avgSupportTime: null,
          rating: null,
          ratings: 0,
        })),
      ]);
      assert.deepEqual(body.ratings, [
        { rate: 1, count: 1 },
        { rate: 2, count: 1 },
        { rate: 3, count: 1 },
      ]);
      assert.deepEqual(body.queues, [
        { id: vendas, name: "Vendas", color: "#0000aa", total: 2 },
        { id: suporte, name: "Suporte", color: "#00aa00", total: 1 },
        { id: null, name: null, color: null, total: 1 },
      ]);
    });

    await t.step(
      "sixty days, a period longer than a month, as a preset and as a range",
      async () => {
        const preset = await get(asDora, "/api/dashboard?days=60");
        const range = await get(asDora, "/api/dashboard?date_from=2026-01-15&date_to=2026-03-15");
        assert.deepEqual(range, preset);
        assert.equal(preset.period.from, "2026-01-15T00:00:00.000Z");
        const { counters } = preset;
        assert.equal(counters.supportFinished, 5);
        assert.equal(counters.avgSupportTime, 5222); // (26,100 + 10) / 5
        assert.equal(counters.tickets, 6);
        // The 36-day wait counts in full: (10 + 20 + 30 + 51,840 + 5) / 5.
        assert.equal(counters.avgWaitTime, 10381);
        assert.deepEqual(counters.waitTime, { avg: 10381, median: 20, p90: 31116 }); // 30 + 0.6 × 51,810
        assert.equal(counters.leads, 4); // contacts 2, 3, 4 and 5; 1 and 6 were first seen in early January
      },
    );

    await t.step(
      "a range ending before the month-long wait started counts none of it",
      async () => {
        const body = await get(asDora, "/api/dashboard?date_from=2026-02-01&date_to=2026-02-01");
        assert.equal(body.period.days, 1);
        assert.equal(body.counters.supportFinished, 1);
        assert.equal(body.counters.avgSupportTime, 10);
        assert.deepEqual(body.ratings.map((r: { count: number }) => r.count), [1, 0, 0]);
      },
    );

    await t.step("the super user also sees the platform counters", async () => {
      const body = await get(asAna, "/api/dashboard?days=7");
      const totals = await db.one<{ companies: number; sessions: number }>(sql`
        select (select count(*)::int from companies) as companies,
               (select count(*)::int from whatsapps where status = 'CONNECTED') as sessions`);
      assert.equal(body.counters.totalCompanies, totals.companies);
      assert.equal(body.counters.totalWhatsappSessions, totals.sessions);
      assert.ok(totals.companies >= 2);
    });

    await t.step("tickets per user and per day (per hour for one day)", async () => {
      assert.deepEqual(await get(asDora, "/api/dashboard/ticketsUsers?days=7"), {
        data: [
          { id: bia.id, nome: "Bia", quantidade: 2 },
          { id: caio.id, nome: "Caio", quantidade: 2 },
        ],
        count: 4,
      });
      const days = await get(
        asDora,
        "/api/dashboard/ticketsDay?initialDate=2026-03-09&finalDate=2026-03-15",
      );
      assert.deepEqual(days, {
        data: [
          { data: "2026-03-09", total: 0 },
          { data: "2026-03-10", total: 0 },
          { data: "2026-03-11", total: 0 },
          { data: "2026-03-12", total: 0 },
          { data: "2026-03-13", total: 1 },
          { data: "2026-03-14", total: 2 },
          { data: "2026-03-15", total: 1 },
        ],
        count: 4,
      });
      const hours = await get(
        asDora,
        "/api/dashboard/ticketsDay?date_from=2026-03-14&date_to=2026-03-14",
      );
      assert.equal(hours.data.length, 24);
      assert.deepEqual(hours.data.filter((h: { total: number }) => h.total > 0), [
        { horario: "09:00", total: 1 },
        { horario: "10:00", total: 1 },
      ]);
      assert.equal(hours.count, 2);
      assert.deepEqual(hours.data[0], { horario: "00:00", total: 0 });
    });

    await t.step("another company sees only its own attendance", async () => {
      const body = await get(asEve, "/api/dashboard?days=7");
      assert.equal(body.counters.supportFinished, 1);
      assert.equal(body.counters.supportHappening, 1);
      assert.equal(body.counters.totalCompanies, undefined);
      assert.deepEqual(body.queues, [{ id: null, name: null, color: null, total: 1 }]);
      const users = await get(asEve, `/api/dashboard/ticketsUsers?days=7&companyId=${companyId}`);
      assert.deepEqual(users.data.map((row: { id: number }) => row.id), [other.users.eve.id]);
    });

    await t.step(
      "refusals: no filter, bad values, a backwards or too long range, agents",
      async () => {
        const refused = async (path: string, status: number, code: string, field?: string) => {
          const res = await answer(await asDora("GET", path));
          assert.equal(res.status, status, path);
          assert.equal(res.body.error, code, path);
          if (field) assert.ok(res.body.fields?.[field], `${path}: ${JSON.stringify(res.body)}`);
        };
        for (
          const base of [
            "/api/dashboard",
            "/api/dashboard/ticketsUsers",
            "/api/dashboard/ticketsDay",
          ]
        ) {
          await refused(base, 400, "ERR_DASHBOARD_FILTER");
          await refused(`${base}?days=0`, 400, "ERR_VALIDATION", "days");
          await refused(`${base}?days=abc`, 400, "ERR_VALIDATION", "days");
          await refused(`${base}?days=367`, 400, "ERR_VALIDATION", "days");
          await refused(`${base}?date_from=2026-02-30`, 400, "ERR_VALIDATION", "date_from");
          await refused(`${base}?date_to=2026-03-01`, 400, "ERR_DASHBOARD_FILTER");
          await refused(
            `${base}?date_from=2026-03-10&date_to=2026-03-09`,
            400,
            "ERR_VALIDATION",
            "date_to",
          );
          await refused(
            `${base}?date_from=2025-01-01&date_to=2026-03-09`,
            400,
            "ERR_VALIDATION",
            "date_to",
          );
          const agent = await answer(await asBia("GET", `${base}?days=7`));
          assert.equal(agent.status, 403);
          assert.equal(agent.body.error, "ERR_NO_PERMISSION");
          assert.equal((await app.request(`${base}?days=7`)).status, 401);
        }
      },
    );
  } finally {
    await close();
  }
});
