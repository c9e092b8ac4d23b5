/**
 * The public side of accounts: the plan list for the sign-up picker and the self sign-up
 * (core §7, admin §7), with every validation message, the conflicts and the rate limit.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { openTestApp } from "../helpers/app.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { trialDueDate } from "../../services/accounts/signup.ts";

type App = Awaited<ReturnType<typeof openTestApp>>["app"];

let ipCounter = 0;
/** A new client address, so each step has its own rate-limit budget. */
function newIp(): string {
  ipCounter++;
  return `198.51.100.${ipCounter}`;
}

function request(
  app: App,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; ip?: string } = {},
) {
  const body = init.body === undefined
    ? undefined
    : typeof init.body === "string"
    ? init.body
    : JSON.stringify(init.body);
  return app.request(path, {
    method: init.method ?? "POST",
    headers: { "Content-Type": "application/json", ...init.headers },
    body,
  }, { remoteAddr: { hostname: init.ip ?? newIp(), port: 40000, transport: "tcp" } });
}

const signup = (app: App, body: unknown, options: Parameters<typeof request>[2] = {}) =>
  request(app, "/api/companies/cadastro", { body, ...options });

Deno.test("[api] sign-up: plans list and /companies/cadastro", async (t) => {
  const { app, db, close } = await openTestApp();
  try {
    const cheap = await db.one<{ id: number }>(sql`
      insert into plans (name, users, connections, queues, value, use_campaigns, use_open_ai)
      values ('Essencial', 3, 1, 2, 49.9, false, false) returning id`);
    const dear = await db.one<{ id: number }>(sql`
      insert into plans (name, users, connections, queues, value)
      values ('Empresarial', 50, 10, 40, 1299) returning id`);
    const valid = (n: number) => ({
      name: `Padaria ${n}`,
      email: `dono${n}@padaria.example`,
      phone: "11912345678",
      password: "segredo1",
      planId: cheap.id,
    });

    await t.step(
      "GET /api/plans/list needs no session and lists plans cheapest first",
      async () => {
        const res = await app.request("/api/plans/list");
        assert.equal(res.status, 200);
        const plans = await res.json();
        assert.deepEqual(plans.map((p: { name: string }) => p.name), ["Essencial", "Empresarial"]);
        assert.deepEqual(plans[0], {
          id: cheap.id,
          name: "Essencial",
          users: 3,
          connections: 1,
          queues: 2,
          value: 49.9,
          useCampaigns: false,
          useSchedules: true,
          useInternalChat: true,
          useExternalApi: true,
          useKanban: true,
          useOpenAi: false,
          useIntegrations: true,
        });
        assert.equal(plans[1].id, dear.id);
        assert.equal(plans[1].value, 1299);
      },
    );

    await t.step("creates the company, its settings and its first admin; answers 201", async () => {
      const res = await signup(app, { ...valid(1), email: "  Dono1@Padaria.Example " });
      assert.equal(res.status, 201);
      const body = await res.json();
      assert.deepEqual(Object.keys(body).sort(), ["dueDate", "id", "name"]);
      assert.equal(body.name, "Padaria 1");
      assert.equal(body.dueDate, trialDueDate());

      const company = await db.one<Record<string, unknown>>(sql`
        select name, email, phone, plan_id, status, recurrence,
               to_char(due_date, 'YYYY-MM-DD') as due_date
        from companies where id = ${body.id}`);
      assert.deepEqual(company, {
        name: "Padaria 1",
        email: "dono1@padaria.example",
        phone: "11912345678",
        plan_id: cheap.id,
        status: true,
        recurrence: "MENSAL",
        due_date: body.dueDate,
      });
      const settings = await db.query<{ key: string; value: string }>(
        sql`select key, value from settings where company_id = ${body.id}`,
      );
      assert.ok(settings.length >= 9, "every default setting");
      assert.equal(settings.find((s) => s.key === "campaignsEnabled")?.value, "false");

      const users = await db.query<Record<string, unknown>>(sql`
        select name, email, profile, super from users where company_id = ${body.id}`);
      assert.deepEqual(users, [{
        name: "Padaria 1",
        email: "dono1@padaria.example",
        profile: "admin",
        super: false,
      }]);

      // The new admin signs in with the e-mail and password just given.
      const login = await request(app, "/api/auth/login", {
        body: { email: "dono1@padaria.example", password: "segredo1" },
      });
      assert.equal(login.status, 200);
      const session = await login.json();
      assert.equal(session.user.company.id, body.id);
      assert.equal(session.user.company.dueDate, body.dueDate);
    });

    await t.step(
      "the trial is the server's: dueDate, status and campaignsEnabled are ignored",
      async () => {
        const res = await signup(app, {
          ...valid(2),
          recurrence: "ANUAL",
          dueDate: "2099-12-31",
          status: false,
          campaignsEnabled: true,
        });
        assert.equal(res.status, 201);
        const { id, dueDate } = await res.json();
        assert.equal(dueDate, trialDueDate());
        const row = await db.one<{ status: boolean; recurrence: string; due: string }>(sql`
        select status, recurrence, to_char(due_date, 'YYYY-MM-DD') as due
        from companies where id = ${id}`);
        assert.deepEqual(row, { status: true, recurrence: "MENSAL", due: trialDueDate() });
        const campaigns = await db.one<{ value: string }>(sql`
        select value from settings where company_id = ${id} and key = 'campaignsEnabled'`);
        assert.equal(campaigns.value, "false");
      },
    );

    await t.step("older clients' shapes: a masked phone, a string planId, no phone", async () => {
      const masked = await signup(app, {
        ...valid(3),
        phone: "(21) 3456-7890",
        planId: String(dear.id),
      });
      assert.equal(masked.status, 201);
      const { id } = await masked.json();
      const row = await db.one<{ phone: string; plan_id: number }>(
        sql`select phone, plan_id from companies where id = ${id}`,
      );
      assert.deepEqual(row, { phone: "2134567890", plan_id: dear.id });

      const { phone: _phone, ...noPhone } = valid(4);
      const without = await signup(app, noPhone);
      assert.equal(without.status, 201);
      const stored = await db.one<{ phone: string | null }>(
        sql`select phone from companies where id = ${(await without.json()).id}`,
      );
      assert.equal(stored.phone, null);
    });

    await t.step("every validation rule answers its code, with its limits", async () => {
      const REQUIRED = { code: "ERR_REQUIRED" };
      const PLAN = { code: "ERR_PLAN_REQUIRED" };
      const PHONE = { code: "ERR_INVALID_PHONE", maximum: 11 };
      const cases: Array<[Record<string, unknown>, Record<string, unknown>]> = [
        [{}, {
          name: REQUIRED,
          email: REQUIRED,
          password: REQUIRED,
          planId: PLAN,
        }],
        [{ ...valid(9), name: "   " }, { name: REQUIRED }],
        [{ ...valid(9), name: "A" }, { name: { code: "ERR_TOO_SHORT", minimum: 2 } }],
        [{ ...valid(9), name: "x".repeat(51) }, { name: { code: "ERR_TOO_LONG", maximum: 50 } }],
        [{ ...valid(9), email: "not-an-email" }, { email: { code: "ERR_INVALID_EMAIL" } }],
        [{ ...valid(9), email: "a@b" }, { email: { code: "ERR_INVALID_EMAIL" } }],
        [{ ...valid(9), phone: "11 9abc-5678" }, {
          phone: PHONE,
        }],
        [{ ...valid(9), phone: "119123456789" }, {
          phone: PHONE,
        }],
        [{ ...valid(9), password: "1234" }, { password: { code: "ERR_TOO_SHORT", minimum: 5 } }],
        [{ ...valid(9), password: "p".repeat(51) }, {
          password: { code: "ERR_TOO_LONG", maximum: 50 },
        }],
        [{ ...valid(9), planId: null }, { planId: PLAN }],
        [{ ...valid(9), planId: "" }, { planId: PLAN }],
        [{ ...valid(9), planId: "abc" }, { planId: PLAN }],
        [{ ...valid(9), planId: 0 }, { planId: PLAN }],
        [{ ...valid(9), planId: 1.5 }, { planId: PLAN }],
      ];
      for (const [body, fields] of cases) {
        const res = await signup(app, body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.deepEqual(
          await res.json(),
          { error: "ERR_VALIDATION", fields },
          JSON.stringify(body),
        );
      }
      const count = await db.one<{ n: number }>(
        sql`select count(*)::int as n from companies where name = 'Padaria 9'`,
      );
      assert.equal(count.n, 0, "nothing was created");
    });

    await t.step("the codes are the same whatever the visitor's language", async () => {
      const bad = { name: "A", email: "x", phone: "abc", password: "1", planId: "" };
      const codes = {
        name: { code: "ERR_TOO_SHORT", minimum: 2 },
        email: { code: "ERR_INVALID_EMAIL" },
        phone: { code: "ERR_INVALID_PHONE", maximum: 11 },
        password: { code: "ERR_TOO_SHORT", minimum: 5 },
        planId: { code: "ERR_PLAN_REQUIRED" },
      };
      const english = await signup(app, bad, { headers: { "Accept-Language": "en-US,en;q=0.9" } });
      assert.deepEqual((await english.json()).fields, codes);
      const spanish = await signup(app, bad, {
        headers: { "Accept-Language": "en", Cookie: "lang=es" },
      });
      assert.deepEqual((await spanish.json()).fields, codes);
    });

    await t.step("a body that is not JSON", async () => {
      const res = await signup(app, "{not json");
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { error: "ERR_INVALID_JSON" });
    });

    await t.step("an unknown plan is 404 ERR_PLAN_NOT_FOUND", async () => {
      for (const planId of [999_999, 10 ** 12]) {
        const res = await signup(app, { ...valid(10), planId });
        assert.equal(res.status, 404);
        assert.deepEqual(await res.json(), { error: "ERR_PLAN_NOT_FOUND" });
      }
    });

    await t.step(
      "a company name in use, whatever its case, is 409 ERR_COMPANY_NAME_TAKEN",
      async () => {
        for (const name of ["Padaria 1", "PADARIA 1", "  padaria 1 "]) {
          const res = await signup(app, { ...valid(11), name });
          assert.equal(res.status, 409);
          assert.deepEqual(await res.json(), { error: "ERR_COMPANY_NAME_TAKEN" });
        }
        const user = await db.maybeOne(
          sql`select 1 from users where email = ${valid(11).email}`,
        );
        assert.equal(user, undefined, "no user was created");
      },
    );

    await t.step(
      "an e-mail in use anywhere is 409 ERR_EMAIL_TAKEN and creates nothing",
      async () => {
        const other = await createTestUser(db, await createTestCompany(db));
        for (const email of [other.email, other.email.toUpperCase(), "DONO1@padaria.example"]) {
          const res = await signup(app, { ...valid(12), email });
          assert.equal(res.status, 409);
          assert.deepEqual(await res.json(), { error: "ERR_EMAIL_TAKEN" });
        }
        const company = await db.maybeOne(sql`select 1 from companies where name = 'Padaria 12'`);
        assert.equal(company, undefined, "the company was not created");
      },
    );

    await t.step("two sign-ups racing for one name: one company, one clear 409", async () => {
      const [a, b] = await Promise.all([
        signup(app, { ...valid(13), email: "race-a@padaria.example" }),
        signup(app, { ...valid(13), email: "race-b@padaria.example" }),
      ]);
      assert.deepEqual([a.status, b.status].sort(), [201, 409]);
      const loser = a.status === 409 ? a : b;
      assert.deepEqual(await loser.json(), { error: "ERR_COMPANY_NAME_TAKEN" });
      await (a.status === 201 ? a : b).body?.cancel();
      const n = await db.one<{ n: number }>(
        sql`select count(*)::int as n from companies where name = 'Padaria 13'`,
      );
      assert.equal(n.n, 1);
    });

    await t.step("ten attempts an hour per address, then 429 ERR_TOO_MANY_ATTEMPTS", async () => {
      const ip = newIp();
      for (let i = 0; i < 10; i++) {
        const res = await signup(app, { name: "A" }, { ip });
        assert.equal(res.status, 400);
        await res.body?.cancel();
      }
      const refused = await signup(app, valid(14), { ip });
      assert.equal(refused.status, 429);
      const body = await refused.json();
      assert.equal(body.error, "ERR_TOO_MANY_ATTEMPTS");
      assert.ok(body.retryAfter > 0 && body.retryAfter <= 3600);
      const elsewhere = await signup(app, valid(14));
      assert.equal(elsewhere.status, 201, "another address is not affected");
      await elsewhere.body?.cancel();
    });
  } finally {
    await close();
  }
});
