/**
 * A past-due company (core §4: blocked at sign-in and on every call) keeps one way out: its
 * admin signs in to a billing-only session that reaches the invoices and the checkout and
 * nothing else, and is a full session again once the payment is confirmed.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { loadConfig } from "../../lib/config.ts";
import { openTestApp } from "../helpers/app.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import type { PixProvider } from "../../services/billing/pix/mod.ts";

const SECRET = "blocked-test-webhook-secret-000";

Deno.test("[api] a past-due company's admin may sign in to pay, and only to pay", async (t) => {
  let paid = false;
  const provider: PixProvider = {
    name: "efi",
    txidLength: 32,
    createCharge: () => Promise.resolve({ copyPaste: "PIX", expiresAt: null }),
    lookupCharge: () =>
      Promise.resolve(
        paid ? { status: "CONCLUIDA", paid: [{ endToEndId: "E-b1", amount: 80 }] } : null,
      ),
  };
  const { app, db, close } = await openTestApp({
    pix: provider,
    config: loadConfig({ DATA_DIR: "./test-data", PIX_WEBHOOK_SECRET: SECRET }),
  });
  try {
    const companyId = await createTestCompany(db, { dueInDays: -3 });
    const admin = await createTestUser(db, companyId);
    const agent = await createTestUser(db, companyId, { profile: "user" });
    const invoice = await db.one<{ id: number }>(sql`
      insert into invoices (company_id, due_date, detail, value, recurrence)
      values (${companyId}, current_date - 3, 'Plano', 80, 'MENSAL') returning id`);
    const post = (path: string, body: unknown, cookie = "") =>
      app.request(path, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
        body: JSON.stringify(body),
      });

    await t.step("the agent is refused at sign-in with the expired date", async () => {
      const res = await post("/api/auth/login", { email: agent.email, password: agent.password });
      assert.equal(res.status, 403);
      assert.equal((await res.json()).error, "ERR_SUBSCRIPTION_EXPIRED");
    });

    let cookie = "";
    await t.step("the admin signs in to a billing-only session", async () => {
      const res = await post("/api/auth/login", { email: admin.email, password: admin.password });
      assert.equal(res.status, 200);
      const body = await res.json();
      assert.equal(body.billingOnly, true);
      const token = res.headers.getSetCookie().find((c) => c.startsWith("token="))!;
      cookie = token.split(";")[0]!;
    });

    const get = (path: string) => app.request(path, { headers: { Cookie: cookie } });

    await t.step("billing calls pass; everything else is 403 with the due date", async () => {
      assert.equal((await get("/api/invoices/all")).status, 200);
      assert.equal((await get(`/api/invoices/${invoice.id}`)).status, 200);
      assert.equal((await get("/api/auth/me")).status, 200);
      for (const path of ["/api/contacts", "/api/tickets", "/api/users", "/api/settings"]) {
        const res = await get(path);
        assert.equal(res.status, 403, path);
        const body = await res.json();
        assert.equal(body.error, "ERR_SUBSCRIPTION_EXPIRED", path);
        assert.match(body.dueDate, /^\d{4}-\d{2}-\d{2}$/);
      }
      const charge = await post("/api/subscription", {
        invoiceId: invoice.id,
        firstName: "Ana",
        address2: "Rua A",
        city: "Recife",
        zipcode: "50000-000",
        country: "BR",
      }, cookie);
      assert.equal(charge.status, 200);
      const { txid } = await charge.json();
      paid = true;
      const hook = await post(`/api/subscription/webhook/${SECRET}/pix`, {
        pix: [{ endToEndId: "E-b1", txid, valor: "80.00" }],
      });
      assert.equal(hook.status, 200);
      await hook.body?.cancel();
    });

    await t.step("once paid, the same session reaches everything again", async () => {
      const res = await get("/api/contacts");
      assert.equal(res.status, 200);
      await res.body?.cancel();
      const agentLogin = await post("/api/auth/login", {
        email: agent.email,
        password: agent.password,
      });
      assert.equal(agentLogin.status, 200);
      assert.equal((await agentLogin.json()).billingOnly, undefined);
    });
  } finally {
    await close();
  }
});
