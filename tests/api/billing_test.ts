/**
 * Billing over the API: invoices made by the sweep (once, however many runners), listed per
 * company, paid by hand by the super user; the checkout's charge for the invoice's own value;
 * and the provider's webhook: authenticated, read back, idempotent, amount checked.
 */
import assert from "node:assert/strict";
import { FakeClock } from "../../lib/clock.ts";
import { type Db, sql } from "../../lib/db/mod.ts";
import { createJobRunner } from "../../lib/jobs/mod.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import { channels } from "../../lib/realtime/channels.ts";
import { enqueueSweep } from "../../lib/jobs/mod.ts";
import { createJobHandlers } from "../../services/job_handlers.ts";
import { INVOICE_SWEEP } from "../../services/billing/jobs.ts";
import type { ChargeState, PixProvider } from "../../services/billing/pix/mod.ts";
import { getPixPayloadInfo } from "@brazilian-utils/brazilian-utils/get-pix-payload-info";
import { serviceDepsOf } from "../../main.ts";
import { loadConfig } from "../../lib/config.ts";
import { openTestApp } from "../helpers/app.ts";
import { createCompanyWithUsers } from "../helpers/company.ts";
import { answer } from "../helpers/api_as.ts";

const SECRET = "test-webhook-secret-0123456789";
// Next year's March: the sign-in check reads the real date, so every due date stays ahead of it.
const Y = new Date().getUTCFullYear() + 1;
const START = new Date(`${Y}-03-20T12:00:00Z`);

/** A provider whose charges the test settles: what `lookupCharge` answers is set per txid. */
function fakeProvider() {
  const states = new Map<string, ChargeState>();
  const provider: PixProvider = {
    name: "efi",
    txidLength: 32,
    createCharge: ({ txid, amount }) =>
      Promise.resolve({
        copyPaste: `PIX-${txid}-${amount.toFixed(2)}`,
        expiresAt: new Date(START.getTime() + 3600_000),
      }),
    lookupCharge: (txid) => Promise.resolve(states.get(txid) ?? { status: "ATIVA", paid: [] }),
  };
  return { provider, states };
}

function recordingHub() {
  const events: { channel: string; data: unknown }[] = [];
  const hub = {
    publish: (_room: string | string[], channel: string, data: unknown) => {
      events.push({ channel, data });
      return Promise.resolve();
    },
  } as unknown as Hub;
  return { hub, events };
}

async function setCompany(
  db: Db,
  id: number,
  fields: { due: string; value?: number; recurrence?: string },
) {
  await db.run(sql`update companies set due_date = ${fields.due}::date,
    recurrence = ${fields.recurrence ?? "MENSAL"} where id = ${id}`);
  await db.run(sql`update plans set value = ${fields.value ?? 149.9}, name = ${`Plano ${id}`}
    where id = (select plan_id from companies where id = ${id})`);
}

function call(app: { request: (p: string, i?: RequestInit) => Response | Promise<Response> }) {
  return (token: string | null, method: string, path: string, body?: unknown) =>
    app.request(path, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

const CHECKOUT_FIELDS = {
  firstName: "Ana Souza",
  address2: "Rua A, 1",
  city: "Recife",
  zipcode: "50000-000",
  country: "BR",
  // What the original page sends; the server takes none of these as the amount.
  price: "0.01",
  users: "1",
  connections: "1",
};

Deno.test("[api] billing: invoices, checkout and payment confirmation", async (t) => {
  const clock = new FakeClock(START);
  const { provider, states } = fakeProvider();
  const { hub, events } = recordingHub();
  const { app, db, jwtKey, close } = await openTestApp({
    clock,
    hub,
    pix: provider,
    config: loadConfig({ DATA_DIR: "./test-data", PIX_WEBHOOK_SECRET: SECRET }),
  });
  const request = call(app);
  try {
    const acme = await createCompanyWithUsers(db, jwtKey, {
      admin: {},
      agent: { profile: "user" },
    });
    const other = await createCompanyWithUsers(db, jwtKey, { admin: {} });
    const platform = await createCompanyWithUsers(db, jwtKey, { root: { super: true } });
    await setCompany(db, acme.companyId, { due: `${Y}-03-28`, value: 149.9 });
    await setCompany(db, other.companyId, { due: `${Y}-04-25`, value: 99 });
    await db.run(sql`update companies set due_date = null where id = ${platform.companyId}`);
    const adminToken = acme.users.admin.token;

    await t.step("two job runners sweeping at once make one invoice per company", async () => {
      const deps = { ...serviceDepsOf({ db, config: loadConfig({}), jwtKey, clock }), hub };
      const runners = ["a", "b"].map((id) =>
        createJobRunner({
          deps,
          instanceId: id,
          handlers: createJobHandlers(deps),
          sweeps: [INVOICE_SWEEP],
        })
      );
      for (const sweep of [INVOICE_SWEEP]) {
        await Promise.all(runners.map(() => enqueueSweep(db, sweep, clock.now())));
      }
      await Promise.all(runners.map((r) => r.tick()));
      // And a second sweep later the same day changes nothing.
      await enqueueSweep(db, INVOICE_SWEEP, clock.now());
      await Promise.all(runners.map((r) => r.tick()));
      await Promise.all(runners.map((r) => r.stop()));
      const rows = await db.query<{ company_id: number; value: number; due: string }>(sql`
        select company_id, value::float8 as value, to_char(due_date, 'YYYY-MM-DD') as due
        from invoices where company_id in (${acme.companyId}, ${other.companyId})`);
      // Only Acme is due within 10 days; its invoice is priced from the plan on the server.
      assert.deepEqual(rows, [{ company_id: acme.companyId, value: 149.9, due: `${Y}-03-28` }]);
    });

    let invoiceId = 0;
    await t.step("GET /api/invoices/all answers the caller's company's invoices only", async () => {
      const mine = await answer(await request(adminToken, "GET", "/api/invoices/all"));
      assert.equal(mine.status, 200);
      assert.equal(mine.body.hasMore, false);
      assert.equal(mine.body.invoices.length, 1);
      invoiceId = mine.body.invoices[0].id;
      assert.equal(mine.body.invoices[0].status, "open");
      assert.equal(mine.body.invoices[0].value, 149.9);
      const theirs = await answer(
        await request(other.users.admin.token, "GET", "/api/invoices/all"),
      );
      assert.deepEqual(theirs.body, { invoices: [], hasMore: false });
      const foreign = await request(other.users.admin.token, "GET", `/api/invoices/${invoiceId}`);
      assert.equal(foreign.status, 404);
      const all = await answer(
        await request(platform.users.root.token, "GET", "/api/invoices/all"),
      );
      assert.ok(all.body.invoices.some((i: { id: number }) => i.id === invoiceId));
      const search = await answer(
        await request(adminToken, "GET", "/api/invoices/all?searchParam=nothing-like-it"),
      );
      assert.deepEqual(search.body.invoices, []);
      const byPlan = await answer(
        await request(adminToken, "GET", `/api/invoices/all?searchParam=plano%20${acme.companyId}`),
      );
      assert.equal(byPlan.body.invoices.length, 1);
      const badPage = await request(adminToken, "GET", "/api/invoices/all?pageNumber=0");
      assert.equal(badPage.status, 400);
      assert.equal((await request(null, "GET", "/api/invoices/all")).status, 401);
      // Invoices are the admins' business, as the /financeiro page is.
      const agentList = await answer(
        await request(acme.users.agent.token, "GET", "/api/invoices/all"),
      );
      assert.deepEqual([agentList.status, agentList.body.error], [403, "ERR_NO_PERMISSION"]);
      const agentOne = await request(acme.users.agent.token, "GET", `/api/invoices/${invoiceId}`);
      assert.equal(agentOne.status, 403);
    });

    let txid = "";
    await t.step(
      "the checkout charges the invoice's value, whatever the browser sends",
      async () => {
        const res = await answer(
          await request(adminToken, "POST", "/api/subscription", { ...CHECKOUT_FIELDS, invoiceId }),
        );
        assert.equal(res.status, 200);
        assert.equal(res.body.valor.original, "149.90");
        assert.match(res.body.qrcode.qrcode, /-149\.90$/);
        txid = res.body.txid;
        assert.match(txid, /^[A-Za-z0-9]{32}$/);
        // Asked again, the same charge is answered.
        const again = await answer(
          await request(adminToken, "POST", "/api/subscription", { ...CHECKOUT_FIELDS, invoiceId }),
        );
        assert.equal(again.body.txid, txid);
      },
    );

    await t.step("the checkout refuses what it must", async () => {
      const missing = await answer(
        await request(adminToken, "POST", "/api/subscription", { invoiceId }),
      );
      assert.equal(missing.status, 400);
      assert.deepEqual(Object.keys(missing.body.fields).sort(), [
        "address2",
        "city",
        "country",
        "firstName",
        "zipcode",
      ]);
      const foreign = await request(other.users.admin.token, "POST", "/api/subscription", {
        ...CHECKOUT_FIELDS,
        invoiceId,
      });
      assert.equal(foreign.status, 404);
      const agent = await request(acme.users.agent.token, "POST", "/api/subscription", {
        ...CHECKOUT_FIELDS,
        invoiceId,
      });
      assert.equal(agent.status, 403);
    });

    const webhook = (path: string, body: unknown) => request(null, "POST", path, body);
    const notify = () =>
      webhook(`/api/subscription/webhook/${SECRET}/pix`, {
        pix: [{ endToEndId: "E1", txid, valor: "149.90", horario: START.toISOString() }],
      });
    const dueOf = async () =>
      (await db.one<{ due: string }>(sql`select to_char(due_date, 'YYYY-MM-DD') as due
        from companies where id = ${acme.companyId}`)).due;

    await t.step("a forged webhook without the secret is refused and changes nothing", async () => {
      states.set(txid, { status: "CONCLUIDA", paid: [{ endToEndId: "E1", amount: 149.9 }] });
      const forged = await webhook(`/api/subscription/webhook/not-the-secret/pix`, {
        pix: [{ endToEndId: "E1", txid, valor: "149.90" }],
      });
      assert.equal(forged.status, 401);
      await forged.body?.cancel();
      assert.equal(await dueOf(), `${Y}-03-28`);
    });

    await t.step("an unknown txid is ignored", async () => {
      const res = await webhook(`/api/subscription/webhook/${SECRET}`, {
        pix: [{ endToEndId: "E9", txid: "NeverIssuedByThisServer00000001", valor: "149.90" }],
      });
      assert.equal(res.status, 200);
      await res.body?.cancel();
      assert.equal(await dueOf(), `${Y}-03-28`);
      const test = await answer(
        await webhook(`/api/subscription/webhook/${SECRET}`, { evento: "teste_webhook" }),
      );
      assert.deepEqual(test, { status: 200, body: { ok: true } });
    });

    await t.step("a charge the provider does not report as paid pays nothing", async () => {
      states.set(txid, { status: "ATIVA", paid: [] });
      const res = await notify();
      assert.equal(res.status, 200);
      await res.body?.cancel();
      assert.equal(await dueOf(), `${Y}-03-28`);
    });

    await t.step("a short payment is recorded and not accepted", async () => {
      states.set(txid, { status: "CONCLUIDA", paid: [{ endToEndId: "E-short", amount: 14.99 }] });
      const res = await notify();
      await res.body?.cancel();
      assert.equal(await dueOf(), `${Y}-03-28`);
      const row = await db.one<{ accepted: boolean; reason: string }>(sql`
        select accepted, reason from invoice_payments where end_to_end_id = 'E-short'`);
      assert.deepEqual(row, { accepted: false, reason: "ERR_PAYMENT_AMOUNT_MISMATCH" });
      const status = await db.one<{ status: string }>(
        sql`select status from invoices where id = ${invoiceId}`,
      );
      assert.equal(status.status, "open");
    });

    await t.step("a webhook delivered twice extends the due date once", async () => {
      states.set(txid, { status: "CONCLUIDA", paid: [{ endToEndId: "E1", amount: 149.9 }] });
      const [first, second] = await Promise.all([notify(), notify()]);
      await first.body?.cancel();
      await second.body?.cancel();
      const third = await notify();
      await third.body?.cancel();
      // Paid 8 days early: one month from the old due date.
      assert.equal(await dueOf(), `${Y}-04-28`);
      const accepted = await db.query(sql`select id from invoice_payments
        where invoice_id = ${invoiceId} and accepted`);
      assert.equal(accepted.length, 1);
      const paid = events.filter((e) => e.channel === channels.payment(acme.companyId));
      assert.deepEqual(paid.map((e) => e.data), [
        { action: "CONCLUIDA", company: { id: acme.companyId, dueDate: `${Y}-04-28` } },
      ]);
      const invoice = await answer(await request(adminToken, "GET", `/api/invoices/${invoiceId}`));
      assert.equal(invoice.body.status, "paid");
      const checkoutAgain = await request(adminToken, "POST", "/api/subscription", {
        ...CHECKOUT_FIELDS,
        invoiceId,
      });
      assert.equal(checkoutAgain.status, 409);
    });

    await t.step("the super user marks an invoice paid by hand, with a reason", async () => {
      clock.set(new Date(`${Y}-04-20T09:00:00Z`));
      await db.run(
        sql`update companies set due_date = ${`${Y}-04-10`}::date where id = ${other.companyId}`,
      );
      await enqueueSweep(db, INVOICE_SWEEP, clock.now());
      const deps = { ...serviceDepsOf({ db, config: loadConfig({}), jwtKey, clock }), hub };
      const runner = createJobRunner({ deps, instanceId: "c", handlers: createJobHandlers(deps) });
      await runner.tick();
      await runner.stop();
      const open = await db.one<{ id: number }>(sql`select id from invoices
        where company_id = ${other.companyId} and status = 'open'`);
      const byAdmin = await request(other.users.admin.token, "PUT", `/api/invoices/${open.id}`, {
        status: "paid",
        reason: "Pix recebido",
      });
      assert.equal(byAdmin.status, 403);
      const noReason = await request(platform.users.root.token, "PUT", `/api/invoices/${open.id}`, {
        status: "paid",
      });
      assert.equal(noReason.status, 400);
      const res = await answer(
        await request(platform.users.root.token, "PUT", `/api/invoices/${open.id}`, {
          status: "paid",
          reason: "Pix recebido no extrato de 20/04",
        }),
      );
      assert.equal(res.status, 200);
      assert.equal(res.body.status, "paid");
      // Ten days late: one month from today, not from the old due date.
      const due = await db.one<{ due: string }>(sql`select to_char(due_date, 'YYYY-MM-DD') as due
        from companies where id = ${other.companyId}`);
      assert.equal(due.due, `${Y}-05-20`);
      const audit = await db.one<{ reason: string; user_id: number; source: string }>(sql`
        select reason, user_id, source from invoice_payments where invoice_id = ${open.id}`);
      assert.deepEqual(audit, {
        reason: "Pix recebido no extrato de 20/04",
        user_id: platform.users.root.id,
        source: "manual",
      });
      const twice = await request(platform.users.root.token, "PUT", `/api/invoices/${open.id}`, {
        status: "paid",
        reason: "de novo",
      });
      assert.equal(twice.status, 409);
    });
  } finally {
    await close();
  }
});

Deno.test("[api] billing: the static BR Code carries the invoice's amount and txid", async () => {
  const clock = new FakeClock(START);
  const { app, db, jwtKey, close } = await openTestApp({
    clock,
    config: loadConfig({
      DATA_DIR: "./test-data",
      PIX_KEY: "123e4567-e12b-12d1-a456-426655440000",
      PIX_MERCHANT_NAME: "Balcão Serviços Ltda",
      PIX_MERCHANT_CITY: "São Paulo",
    }),
  });
  try {
    const acme = await createCompanyWithUsers(db, jwtKey, { admin: {} });
    await setCompany(db, acme.companyId, {
      due: `${Y}-03-25`,
      value: 50,
      recurrence: "TRIMESTRAL",
    });
    const invoice = await db.one<{ id: number }>(sql`
      insert into invoices (company_id, due_date, detail, value, recurrence)
      values (${acme.companyId}, ${`${Y}-03-25`}::date, 'Plano', 150, 'TRIMESTRAL') returning id`);
    const res = await answer(
      await call(app)(acme.users.admin.token, "POST", "/api/subscription", {
        ...CHECKOUT_FIELDS,
        invoiceId: invoice.id,
      }),
    );
    assert.equal(res.status, 200);
    assert.equal(res.body.provider, "static");
    assert.equal(res.body.expiresAt, null);
    const info = getPixPayloadInfo(res.body.qrcode.qrcode);
    assert.ok(info);
    assert.equal(info.amount, 150);
    assert.equal(info.txid, res.body.txid);
    assert.equal(info.key, "123e4567-e12b-12d1-a456-426655440000");
    assert.equal(info.merchantName, "Balcao Servicos Ltda");
    assert.equal(info.merchantCity, "Sao Paulo");
    assert.ok(res.body.txid.length <= 25);
    // A static code cannot be confirmed by a webhook: there is none without a provider to ask.
    const hook = await call(app)(null, "POST", "/api/subscription/webhook/whatever", { pix: [] });
    assert.equal(hook.status, 404);
    await hook.body?.cancel();
  } finally {
    await close();
  }
});
