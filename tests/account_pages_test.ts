/**
 * The account pages through `app.request()`: /users and /settings for admins only, the
 * super user's extra settings tabs, /helps for everyone, and no other company's data.
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

async function page(path: string, cookie: string): Promise<string> {
  const res = await visit(path, cookie);
  assert.equal(res.status, 200, `${path} answered ${res.status}`);
  return await res.text();
}

Deno.test("account pages", async (t) => {
  try {
    const companyId = await createTestCompany(db, { dueInDays: 30 });
    const otherId = await createTestCompany(db, { dueInDays: 30 });
    const admin = await createTestUser(db, companyId, { profile: "admin" });
    const agent = await createTestUser(db, companyId, { profile: "user" });
    const stranger = await createTestUser(db, otherId, { profile: "admin" });
    const root = await createTestUser(db, companyId, { profile: "admin", super: true });
    const [adminIn, agentIn, rootIn] = await Promise.all([
      signIn(app, admin),
      signIn(app, agent),
      signIn(app, root),
    ]);

    await t.step("signed out, each page sends to /login with the way back", async () => {
      for (const path of ["/users", "/settings", "/helps"]) {
        const res = await visit(path);
        assert.equal(res.status, 302);
        assert.equal(res.headers.get("location"), `/login?next=${encodeURIComponent(path)}`);
      }
    });

    await t.step("a plain user is refused /users and /settings, but sees /helps", async () => {
      for (const path of ["/users", "/settings"]) {
        const res = await visit(path, agentIn.cookie);
        assert.equal(res.status, 302, path);
        assert.equal(res.headers.get("location"), "/?denied=1");
      }
      assert.match(await page("/helps", agentIn.cookie), /<!--isl:HelpVideos:\d+-->/);
    });

    await t.step("/users lists the company's users only, in the island's data", async () => {
      const html = await page("/users", adminIn.cookie);
      assert.match(html, /<title>Usuários · Balcão<\/title>/);
      const { islands } = bootPayload(html);
      const props = JSON.stringify(islands);
      assert.ok(props.includes(agent.email), "a colleague is listed");
      assert.ok(!props.includes(stranger.email), "another company's user is not");
    });

    await t.step(
      "/settings: an admin gets Options; the super user also the admin tabs",
      async () => {
        await db.run(sql`insert into settings (company_id, key, value)
        values (${companyId}, 'asaas', 'secret-asaas-token')`);
        const html = await page("/settings", adminIn.cookie);
        assert.match(html, /<title>Configurações · Balcão<\/title>/);
        assert.ok(html.includes("userRating"), "the options ride with the page");
        assert.ok(!html.includes("secret-asaas-token"), "credentials never reach a page");
        assert.ok(!html.includes(">Empresas<"), "no Companies tab for a company admin");
        const rootHtml = await page("/settings?tab=companies", rootIn.cookie);
        assert.ok(rootHtml.includes("Empresas"), "the super user has the Companies tab");
      },
    );

    await t.step("GET /api/settings leaves out unknown keys, masks credentials", async () => {
      await db.run(sql`insert into settings (company_id, key, value)
        values (${companyId}, 'oldIntegrationToken', 'left-over')`);
      const res = await app.request("/api/settings", { headers: { Cookie: adminIn.cookie } });
      const rows = await res.json() as { key: string; value: string }[];
      assert.ok(rows.some((row) => row.key === "userRating"));
      assert.ok(!rows.some((row) => row.key === "oldIntegrationToken"));
      assert.equal(rows.find((row) => row.key === "asaas")?.value, "••••••••oken");
      assert.ok(!JSON.stringify(rows).includes("secret-asaas-token"));
    });
  } finally {
    await close();
  }
});
