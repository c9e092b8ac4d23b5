import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { DEFAULT_OPENING_HOURS } from "../../services/companies/opening_hours.ts";
import { createTestCompany } from "../helpers/accounts.ts";
import { answer, openAppWithActors } from "../helpers/api_as.ts";

type App = Awaited<ReturnType<typeof openAppWithActors>>["app"];

function login(app: App, email: string, password: string) {
  return app.request("/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
}

Deno.test("[api] /api/companies (super user)", async (t) => {
  const { app, db, asSuper, asAdmin, platformId, companyId: ownCompany, close } =
    await openAppWithActors();
  try {
    const plan = await db.one<{ id: number }>(
      sql`insert into plans (name, value) values ('Básico', 30) returning id`,
    );
    const valid = {
      name: "Padaria Pão Quente",
      email: "Contato@Padaria.example",
      phone: "(11) 98765-4321",
      planId: plan.id,
      password: "segredo1",
      dueDate: "2026-12-31",
    };

    let companyId = 0;
    await t.step("POST creates the company with the form's defaults", async () => {
      const { status, body } = await answer(await asSuper("POST", "/api/companies", valid));
      assert.equal(status, 201);
      companyId = body.id;
      assert.equal(body.name, valid.name);
      assert.equal(body.email, "contato@padaria.example");
      assert.equal(body.phone, valid.phone);
      assert.equal(body.status, true);
      assert.equal(body.recurrence, "MENSAL");
      assert.equal(body.campaignsEnabled, false);
      assert.equal(body.dueDate, "2026-12-31");
      assert.deepEqual(body.plan, { id: plan.id, name: "Básico", value: 30 });
      assert.deepEqual(body.schedules, []);
      assert.equal(body.billingName, null);
      const keys = body.settings.map((s: { key: string }) => s.key);
      assert.ok(keys.includes("userRating") && keys.includes("campaignsEnabled"));
      assert.equal(JSON.stringify(body).includes("segredo1"), false);
    });

    await t.step("its first admin signs in with the company e-mail and password", async () => {
      const { status, body } = await answer(await login(app, valid.email, valid.password));
      assert.equal(status, 200);
      assert.equal(body.user.companyId, companyId);
      assert.equal(body.user.profile, "admin");
      assert.equal(body.user.super, false);
      assert.equal(body.user.name, valid.name);
    });

    await t.step("POST validates the form", async () => {
      const { status, body } = await answer(
        await asSuper("POST", "/api/companies", {
          email: "not-an-email",
          phone: "call me",
          password: "1234",
          recurrence: "SEMANAL",
          status: "yes",
        }),
      );
      assert.equal(status, 400);
      assert.deepEqual(
        Object.keys(body.fields).sort(),
        ["email", "name", "password", "phone", "planId", "recurrence", "status"],
      );
      const long = await answer(
        await asSuper("POST", "/api/companies", { ...valid, password: "x".repeat(51) }),
      );
      assert.deepEqual(Object.keys(long.body.fields), ["password"]);
    });

    await t.step("an unknown plan, a taken name or a taken e-mail create nothing", async () => {
      const before = await db.one<{ n: number }>(sql`select count(*)::int as n from companies`);
      const refusals: [Record<string, unknown>, number, string][] = [
        [{ name: "Nova", planId: 999999 }, 400, "ERR_NO_PLAN_FOUND"],
        [
          { name: "PADARIA PÃO QUENTE", email: "x@y.example" },
          409,
          "ERR_COMPANY_NAME_ALREADY_EXISTS",
        ],
        [
          { name: "Outra", email: "CONTATO@padaria.example" },
          409,
          "ERR_COMPANY_EMAIL_ALREADY_EXISTS",
        ],
      ];
      for (const [change, status, error] of refusals) {
        const res = await answer(await asSuper("POST", "/api/companies", { ...valid, ...change }));
        assert.deepEqual(res, { status, body: { error } });
      }
      const after = await db.one<{ n: number }>(sql`select count(*)::int as n from companies`);
      assert.equal(after.n, before.n);
    });

    await t.step("an empty or invalid due date is stored as none", async () => {
      for (const [i, dueDate] of ["", "2026-02-30", "amanhã", null].entries()) {
        const { status, body } = await answer(
          await asSuper("POST", "/api/companies", {
            ...valid,
            name: `Sem vencimento ${i}`,
            email: `sem${i}@example.com`,
            dueDate,
          }),
        );
        assert.equal(status, 201);
        assert.equal(body.dueDate, null, String(dueDate));
      }
    });

    await t.step("GET /{id} shows one company; an unknown one is 404", async () => {
      const { status, body } = await answer(await asSuper("GET", `/api/companies/${companyId}`));
      assert.equal(status, 200);
      assert.equal(body.name, valid.name);
      const missing = await answer(await asSuper("GET", "/api/companies/999999"));
      assert.deepEqual(missing, { status: 404, body: { error: "ERR_NO_COMPANY_FOUND" } });
    });

    await t.step("PUT changes the fields sent, the campaigns flag as a setting", async () => {
      const { status, body } = await answer(
        await asSuper("PUT", `/api/companies/${companyId}`, {
          recurrence: "TRIMESTRAL",
          campaignsEnabled: true,
          dueDate: "2027-01-15",
          billingName: "Padaria LTDA",
          addressCity: "São Paulo",
          phone: "",
        }),
      );
      assert.equal(status, 200);
      assert.equal(body.recurrence, "TRIMESTRAL");
      assert.equal(body.campaignsEnabled, true);
      assert.equal(body.dueDate, "2027-01-15");
      assert.equal(body.billingName, "Padaria LTDA");
      assert.equal(body.addressCity, "São Paulo");
      assert.equal(body.phone, null, "a blank phone is cleared");
      assert.equal(body.name, valid.name, "what is not sent stays");
      const flag = await db.one<{ value: string }>(sql`
        select value from settings where company_id = ${companyId} and key = 'campaignsEnabled'`);
      assert.equal(flag.value, "true");
      const cleared = await answer(
        await asSuper("PUT", `/api/companies/${companyId}`, { dueDate: "" }),
      );
      assert.equal(cleared.body.dueDate, null);
    });

    await t.step("PUT refuses a taken name, an unknown plan and bad fields", async () => {
      const other = await answer(await asSuper("GET", "/api/companies/list"));
      const otherName = other.body.find((c: { id: number }) => c.id !== companyId).name;
      const taken = await answer(
        await asSuper("PUT", `/api/companies/${companyId}`, { name: otherName.toUpperCase() }),
      );
      assert.deepEqual(taken, { status: 409, body: { error: "ERR_COMPANY_NAME_ALREADY_EXISTS" } });
      const noPlan = await answer(
        await asSuper("PUT", `/api/companies/${companyId}`, { planId: 999999 }),
      );
      assert.equal(noPlan.body.error, "ERR_NO_PLAN_FOUND");
      const bad = await answer(
        await asSuper("PUT", `/api/companies/${companyId}`, { email: "nope", status: 1 }),
      );
      assert.deepEqual(Object.keys(bad.body.fields).sort(), ["email", "status"]);
      const missing = await answer(await asSuper("PUT", "/api/companies/999999", { phone: "1" }));
      assert.equal(missing.status, 404);
    });

    await t.step("GET / pages and searches; GET /list answers all", async () => {
      const list = await answer(await asSuper("GET", "/api/companies/list"));
      assert.equal(list.status, 200);
      assert.ok(list.body.length >= 6);
      for (let i = 0; i < 20; i++) {
        await createTestCompany(db);
      }
      const page = await answer(await asSuper("GET", "/api/companies?searchParam=company"));
      assert.equal(page.body.companies.length, 20);
      assert.equal(page.body.hasMore, true);
      const byEmail = await answer(
        await asSuper("GET", "/api/companies?searchParam=CONTATO@PADARIA"),
      );
      assert.deepEqual(byEmail.body.companies.map((c: { id: number }) => c.id), [companyId]);
      assert.equal(byEmail.body.hasMore, false);
      assert.equal(byEmail.body.companies[0].plan.name, "Básico");
    });

    await t.step(
      "the installation's own company can be neither deactivated nor deleted",
      async () => {
        const off = await answer(
          await asSuper("PUT", `/api/companies/${platformId}`, { status: false }),
        );
        assert.deepEqual(off, {
          status: 409,
          body: { error: "ERR_PLATFORM_COMPANY_MUST_STAY_ACTIVE" },
        });
        const gone = await answer(await asSuper("DELETE", `/api/companies/${platformId}`));
        assert.deepEqual(gone, {
          status: 409,
          body: { error: "ERR_PLATFORM_COMPANY_UNDELETABLE" },
        });
        const still = await answer(await asSuper("GET", `/api/companies/${platformId}`));
        assert.equal(still.body.status, true);
      },
    );

    await t.step("deactivating a company signs its users out at once", async () => {
      const session = await answer(await login(app, valid.email, valid.password));
      const token = session.body.token;
      const me = () =>
        app.request("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } });
      assert.equal((await me()).status, 200);
      await (await asSuper("PUT", `/api/companies/${companyId}`, { status: false })).text();
      assert.equal((await me()).status, 403);
      await (await asSuper("PUT", `/api/companies/${companyId}`, { status: true })).text();
    });

    await t.step("DELETE removes the company with its users and settings", async () => {
      assert.equal((await asSuper("DELETE", `/api/companies/${companyId}`)).status, 204);
      const users = await db.one<{ n: number }>(
        sql`select count(*)::int as n from users where company_id = ${companyId}`,
      );
      const settings = await db.one<{ n: number }>(
        sql`select count(*)::int as n from settings where company_id = ${companyId}`,
      );
      assert.deepEqual([users.n, settings.n], [0, 0]);
      assert.equal((await login(app, valid.email, valid.password)).status, 401);
      const again = await answer(await asSuper("DELETE", `/api/companies/${companyId}`));
      assert.equal(again.status, 404);
    });

    await t.step("a company admin gets 403 on every super user endpoint", async () => {
      const calls: [string, string, unknown?][] = [
        ["GET", "/api/companies"],
        ["GET", "/api/companies/list"],
        ["POST", "/api/companies", { ...valid, name: "Hack", email: "hack@example.com" }],
        ["PUT", `/api/companies/${ownCompany}`, { planId: plan.id }],
        ["PUT", `/api/companies/${platformId}`, { status: false }],
        ["DELETE", `/api/companies/${ownCompany}`],
        ["DELETE", `/api/companies/${platformId}`],
      ];
      for (const [method, path, body] of calls) {
        const res = await answer(await asAdmin(method, path, body));
        assert.deepEqual(res, { status: 403, body: { error: "ERR_NO_PERMISSION" } }, path);
      }
    });
  } finally {
    await close();
  }
});

Deno.test("[api] /api/companies: a company's own plan and opening hours", async (t) => {
  const { db, asSuper, asAdmin, asAgent, companyId, otherId, close } = await openAppWithActors();
  try {
    await t.step("listPlan answers the caller's own plan flags to any user", async () => {
      await db.run(sql`update plans set use_kanban = false
        where id = (select plan_id from companies where id = ${companyId})`);
      const { status, body } = await answer(
        await asAgent("GET", `/api/companies/listPlan/${companyId}`),
      );
      assert.equal(status, 200);
      assert.equal(body.id, companyId);
      assert.equal(body.plan.useKanban, false);
      assert.equal(body.plan.useCampaigns, true);
      assert.equal(typeof body.plan.users, "number");
    });

    await t.step("listPlan of another company is 404; the super user sees any", async () => {
      const other = await answer(await asAdmin("GET", `/api/companies/listPlan/${otherId}`));
      assert.deepEqual(other, { status: 404, body: { error: "ERR_NO_COMPANY_FOUND" } });
      const bySuper = await answer(await asSuper("GET", `/api/companies/listPlan/${otherId}`));
      assert.equal(bySuper.body.id, otherId);
      const missing = await answer(await asSuper("GET", "/api/companies/listPlan/999999"));
      assert.equal(missing.status, 404);
    });

    await t.step("an admin saves the company's opening hours and reads them back", async () => {
      const week = DEFAULT_OPENING_HOURS.map((day) =>
        day.weekdayEn === "friday" ? { ...day, endTime: "17:00" } : day
      );
      const { status, body } = await answer(
        await asAdmin("PUT", `/api/companies/${companyId}/schedules`, { schedules: week }),
      );
      assert.equal(status, 200);
      assert.deepEqual(body.schedules, week);
      const shown = await answer(await asAdmin("GET", `/api/companies/${companyId}`));
      assert.deepEqual(shown.body.schedules, week);
    });

    await t.step("opening hours are validated", async () => {
      const { status, body } = await answer(
        await asAdmin("PUT", `/api/companies/${companyId}/schedules`, {
          schedules: [{ weekdayEn: "monday", startTime: "18:00", endTime: "08:00" }],
        }),
      );
      assert.equal(status, 400);
      assert.deepEqual(Object.keys(body.fields), ["schedules.0.endTime"]);
      const notList = await answer(
        await asAdmin("PUT", `/api/companies/${companyId}/schedules`, { schedules: "x" }),
      );
      assert.equal(notList.status, 400);
    });

    await t.step("no one writes another company's hours, not even the super user", async () => {
      const week = [{ weekdayEn: "monday", startTime: "00:00", endTime: "23:59" }];
      for (const call of [asAdmin, asSuper]) {
        const res = await answer(
          await call("PUT", `/api/companies/${otherId}/schedules`, { schedules: week }),
        );
        assert.deepEqual(res, { status: 404, body: { error: "ERR_NO_COMPANY_FOUND" } });
      }
      const other = await db.one<{ schedules: unknown[] }>(
        sql`select schedules from companies where id = ${otherId}`,
      );
      assert.deepEqual(other.schedules, []);
    });

    await t.step("plain users neither read the company record nor write its hours", async () => {
      const read = await answer(await asAgent("GET", `/api/companies/${companyId}`));
      assert.deepEqual(read, { status: 403, body: { error: "ERR_NO_PERMISSION" } });
      const write = await answer(
        await asAgent("PUT", `/api/companies/${companyId}/schedules`, { schedules: [] }),
      );
      assert.deepEqual(write, { status: 403, body: { error: "ERR_NO_PERMISSION" } });
    });

    await t.step("an admin reading another company's record gets 404", async () => {
      const res = await answer(await asAdmin("GET", `/api/companies/${otherId}`));
      assert.deepEqual(res, { status: 404, body: { error: "ERR_NO_COMPANY_FOUND" } });
    });

    await t.step("/cadastro is not this router's: it never meets its guards", async () => {
      const res = await asAdmin("POST", "/api/companies/cadastro", {});
      assert.notEqual(res.status, 403);
      await res.body?.cancel();
    });
  } finally {
    await close();
  }
});
