/**
 * The WhatsApp pages through `app.request()`: /connections and the simulator are for admins,
 * show this company's connections only, and the simulator exists for sandbox connections.
 */
import assert from "node:assert/strict";
import { sql } from "../lib/db/mod.ts";
import { openTestApp } from "./helpers/app.ts";
import { createTestCompany, createTestUser } from "./helpers/accounts.ts";
import { signIn } from "./helpers/sign_in.ts";
import { bootPayload } from "./helpers/boot_payload.ts";

const { app, db, close } = await openTestApp();

async function visit(path: string, cookie?: string) {
  return await app.request(path, { headers: cookie ? { Cookie: cookie } : {} });
}

async function connection(companyId: number, name: string, provider = "sandbox") {
  const row = await db.one<{ id: number }>(sql`
    insert into whatsapps (company_id, name, token, provider, status)
    values (${companyId}, ${name}, ${"tok-" + name}, ${provider}, 'DISCONNECTED') returning id`);
  return row.id;
}

Deno.test("whatsapp pages", async (t) => {
  try {
    const companyId = await createTestCompany(db, { dueInDays: 30 });
    const otherId = await createTestCompany(db, { dueInDays: 30 });
    const admin = await createTestUser(db, companyId, { profile: "admin" });
    const agent = await createTestUser(db, companyId, { profile: "user" });
    const [adminIn, agentIn] = await Promise.all([signIn(app, admin), signIn(app, agent)]);
    const sandboxId = await connection(companyId, "Loja Simulada");
    const phoneId = await connection(companyId, "Loja Celular", "beta");
    const foreignId = await connection(otherId, "Outra Empresa");
    const paths = ["/connections", `/connections/${sandboxId}/simulator`];

    await t.step("signed out, each page sends to /login with the way back", async () => {
      for (const path of paths) {
        const res = await visit(path);
        assert.equal(res.status, 302);
        assert.equal(res.headers.get("location"), `/login?next=${encodeURIComponent(path)}`);
      }
    });

    await t.step("a plain user is refused", async () => {
      for (const path of paths) {
        const res = await visit(path, agentIn.cookie);
        assert.equal(res.status, 302, path);
        assert.equal(res.headers.get("location"), "/?denied=1");
      }
    });

    await t.step("/connections lists this company's connections only", async () => {
      const res = await visit("/connections", adminIn.cookie);
      assert.equal(res.status, 200);
      const html = await res.text();
      assert.match(html, /<title>Conexões · Balcão<\/title>/);
      const props = JSON.stringify(bootPayload(html).islands);
      assert.ok(props.includes("Loja Simulada") && props.includes("Loja Celular"));
      assert.ok(props.includes("tok-Loja Simulada"), "the admin gets the token to show");
      assert.ok(!props.includes("Outra Empresa"), "another company's connection is not");
    });

    await t.step("the simulator opens for this company's sandbox connections", async () => {
      const res = await visit(`/connections/${sandboxId}/simulator`, adminIn.cookie);
      assert.equal(res.status, 200);
      const html = await res.text();
      assert.match(html, /<title>Simulador · Balcão<\/title>/);
      assert.ok(html.includes("Loja Simulada"));
      assert.ok(!html.includes("tok-Loja Simulada"), "the simulator needs no token");
      for (const id of [phoneId, foreignId, 999999, "99999999999"]) {
        const other = await visit(`/connections/${id}/simulator`, adminIn.cookie);
        assert.equal(other.status, 404, `simulator of ${id}`);
        await other.body?.cancel();
      }
    });
  } finally {
    await close();
  }
});
