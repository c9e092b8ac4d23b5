/**
 * What the original administration, sign-up, checkout and reset screens send and expect
 * (issue 15, "What Whaticket's clients send"): plans without a token and a company's own
 * plan, prices typed with a comma, a company created without a password, company rows with
 * their settings, the password reset with its values in the path, and the phone import
 * posted with no body.
 */
import assert from "node:assert/strict";
import { type Db, sql } from "../../lib/db/mod.ts";
import { createMailer } from "../../lib/mail/mod.ts";
import { PLAN_FEATURES } from "../../services/plans/features.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { answer, apiAs } from "../helpers/api_as.ts";
import { openTestApp } from "../helpers/app.ts";
import { createTestConnection } from "../helpers/users.ts";

const PUBLIC_PLAN_FIELDS = ["connections", "id", "name", "queues", "users", "value"]
  .concat(PLAN_FEATURES).sort();

/** The text of the newest e-mail to `email` (the mailer without SMTP keeps it in the outbox). */
async function lastMailTo(db: Db, email: string): Promise<string> {
  const row = await db.maybeOne<{ text_body: string }>(sql`
    select text_body from mail_outbox where to_address = ${email} order by id desc limit 1`);
  assert.ok(row, `a mail to ${email}`);
  return row.text_body;
}

Deno.test("[api] Whaticket clients: plans, companies, password reset, phone import", async (t) => {
  const { app, db, jwtKey, close } = await openTestApp((db) => ({
    mailer: createMailer({ db, log: () => {} }),
  }));
  const platformId = await createTestCompany(db);
  const companyId = await createTestCompany(db);
  const asSuper = await apiAs(app, jwtKey, await createTestUser(db, platformId, { super: true }));
  const admin = await createTestUser(db, companyId);
  const asAdmin = await apiAs(app, jwtKey, admin);
  const asAgent = await apiAs(app, jwtKey, {
    ...await createTestUser(db, companyId, { profile: "user" }),
    profile: "user",
  });
  const ownPlan = (await db.one<{ plan_id: number }>(
    sql`select plan_id from companies where id = ${companyId}`,
  )).plan_id;
  const otherPlan = (await db.one<{ plan_id: number }>(
    sql`select plan_id from companies where id = ${platformId}`,
  )).plan_id;
  const post = (path: string, body?: unknown) =>
    app.request(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const login = (email: string, password: string) => post("/api/auth/login", { email, password });

  try {
    await t.step("GET /api/plans/all answers without a token, public fields only", async () => {
      const res = await answer(await app.request("/api/plans/all"));
      assert.equal(res.status, 200);
      assert.ok(res.body.length >= 2);
      for (const plan of res.body) assert.deepEqual(Object.keys(plan).sort(), PUBLIC_PLAN_FIELDS);
      const byAdmin = await answer(await asAdmin("GET", "/api/plans/all"));
      assert.equal(byAdmin.status, 200, "the checkout screen lists the plans");
      assert.deepEqual(Object.keys(byAdmin.body[0]).sort(), PUBLIC_PLAN_FIELDS);
      const bySuper = await answer(await asSuper("GET", "/api/plans/all"));
      assert.ok("createdAt" in bySuper.body[0], "the super user's screen gets whole plans");
    });

    await t.step("a company admin reads its own plan, no other", async () => {
      const own = await answer(await asAdmin("GET", `/api/plans/${ownPlan}`));
      assert.equal(own.status, 200);
      assert.equal(own.body.id, ownPlan);
      assert.deepEqual(Object.keys(own.body).sort(), PUBLIC_PLAN_FIELDS);
      const other = await answer(await asAdmin("GET", `/api/plans/${otherPlan}`));
      assert.deepEqual(other, { status: 404, body: { error: "ERR_NO_PLAN_FOUND" } });
      assert.equal((await asAgent("GET", `/api/plans/${ownPlan}`)).status, 403);
    });

    await t.step("listPlan reports every flag of the company's plan as stored", async () => {
      const flags = Object.fromEntries(PLAN_FEATURES.map((flag, i) => [flag, i % 2 === 0]));
      const edited = await answer(await asSuper("PUT", `/api/plans/${ownPlan}`, flags));
      assert.equal(edited.status, 200);
      const { status, body } = await answer(
        await asAgent("GET", `/api/companies/listPlan/${companyId}`),
      );
      assert.equal(status, 200);
      for (const flag of PLAN_FEATURES) assert.equal(body.plan[flag], flags[flag], flag);
    });

    await t.step("a plan's value typed with a comma", async () => {
      const created = await answer(
        await asSuper("POST", "/api/plans", { name: "Prata", value: "199,9" }),
      );
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.value, 199.9);
      const edited = await answer(
        await asSuper("PUT", `/api/plans/${created.body.id}`, { value: "1.299,90" }),
      );
      assert.equal(edited.body.value, 1299.9);
      const dotted = await answer(
        await asSuper("PUT", `/api/plans/${created.body.id}`, { value: "49.5" }),
      );
      assert.equal(dotted.body.value, 49.5);
      const wrong = await answer(
        await asSuper("PUT", `/api/plans/${created.body.id}`, { value: "dez reais" }),
      );
      assert.equal(wrong.status, 400);
    });

    await t.step("a company created without a password: its admin gets one by e-mail", async () => {
      const newCompany = async (name: string, email: string, password?: string) =>
        await answer(
          await asSuper("POST", "/api/companies", { name, email, planId: ownPlan, password }),
        );
      const email = "dona@padaria.example";
      const res = await newCompany("Padaria Central", email);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const mail = await lastMailTo(db, email);
      const password = /^Senha: (\S+)$/m.exec(mail)?.[1];
      assert.ok(password, mail);
      assert.match(password, /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d).{16,}$/, "a strong password");
      assert.equal(JSON.stringify(res.body).includes(password), false, "never in the answer");
      assert.equal((await login(email, password)).status, 200);
      const blank = await newCompany("Padaria Norte", "norte@padaria.example", "");
      assert.equal(blank.status, 201);
      assert.match(await lastMailTo(db, "norte@padaria.example"), /^Senha: \S{16,}$/m);
      const given = await newCompany("Padaria Sul", "sul@padaria.example", "escolhida1");
      assert.equal(given.status, 201);
      assert.equal((await login("sul@padaria.example", "escolhida1")).status, 200);
      const mails = await db.one<{ n: number }>(sql`
        select count(*)::int as n from mail_outbox where to_address = 'sul@padaria.example'`);
      assert.equal(mails.n, 0, "a chosen password is not mailed");
    });

    await t.step("company rows carry their settings", async () => {
      for (const path of ["/api/companies", "/api/companies/list"]) {
        const { status, body } = await answer(await asSuper("GET", path));
        assert.equal(status, 200);
        const rows = Array.isArray(body) ? body : body.companies;
        const row = rows.find((company: { id: number }) => company.id === companyId);
        assert.ok(
          row.settings.some((s: { key: string; value: string }) => s.key === "userRating"),
          path,
        );
      }
    });

    await t.step("password reset, both steps with the values in the path", async () => {
      const user = await createTestUser(db, companyId);
      const email = encodeURIComponent(user.email);
      const asked = await post(`/api/forgetpassword/${email}`);
      assert.equal(asked.status, 200, await asked.clone().text());
      const code = /: (\d{4}) (\d{4})$/m.exec(await lastMailTo(db, user.email));
      assert.ok(code);
      const unknown = await post("/api/forgetpassword/ninguem%40example.com");
      assert.equal(unknown.status, 200, "the same answer: no account is revealed");
      const invalid = await post("/api/forgetpassword/not-an-email");
      assert.equal(invalid.status, 400);
      const weak = await post(`/api/resetpasswords/${email}/${code[1]}${code[2]}/fraca`);
      assert.equal(weak.status, 400, "the same password rule as the body");
      const res = await post(`/api/resetpasswords/${email}/${code[1]}${code[2]}/NovaSenha123`);
      assert.equal(res.status, 200, await res.clone().text());
      assert.equal((await login(user.email, "NovaSenha123")).status, 200);
      const reused = await post(`/api/resetpasswords/${email}/${code[1]}${code[2]}/OutraSenha123`);
      assert.notEqual(reused.status, 200, "a code is used once");
    });

    await t.step("path and body resets share one rate limit", async () => {
      const user = await createTestUser(db, companyId);
      const email = encodeURIComponent(user.email);
      let last = 0;
      for (let i = 0; i < 10; i++) {
        last = (await post(`/api/resetpasswords/${email}/12345678/NovaSenha123`)).status;
      }
      assert.notEqual(last, 429);
      const body = await post("/api/resetpasswords", {
        email: user.email,
        token: "12345678",
        password: "NovaSenha123",
      });
      assert.equal(body.status, 429);
    });

    await t.step("POST /api/contacts/import with no body imports the phone book", async () => {
      const noConnection = await answer(await asAdmin("POST", "/api/contacts/import"));
      assert.deepEqual(noConnection, { status: 404, body: { error: "ERR_NO_DEF_WAPP_FOUND" } });
      const connection = await createTestConnection(db, companyId);
      await db.run(sql`update whatsapps set is_default = true where id = ${connection}`);
      await db.run(sql`
        insert into phone_contacts (company_id, whatsapp_id, address, number, name) values
          (${companyId}, ${connection}, '5511977770001@s.whatsapp.net', '5511977770001', 'Lia'),
          (${companyId}, ${connection}, '5511977770002@s.whatsapp.net', '5511977770002', 'Rui')`);
      const res = await answer(await asAdmin("POST", "/api/contacts/import"));
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const names = await db.query<{ name: string }>(sql`
        select name from contacts where company_id = ${companyId} order by name`);
      assert.deepEqual(names.map((row) => row.name), ["Lia", "Rui"]);
      const agent = await answer(await asAgent("POST", "/api/contacts/import"));
      assert.equal(agent.status, 403, "still for admins only");
    });
  } finally {
    await close();
  }
});
