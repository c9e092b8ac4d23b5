/** `privatePage` on a small app of its own: who gets in, who is sent where, and what ships. */
import assert from "node:assert/strict";
import { Hono } from "hono";
import { sql } from "../../lib/db/mod.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { createApp } from "../../main.ts";
import { handleError } from "../../lib/http/error_handler.ts";
import { securityHeaders } from "../../lib/http/security.ts";
import { loadConfig } from "../../lib/config.ts";
import { loadJwtKey } from "../../services/accounts/secrets.ts";
import { PAGE_RULES, type PageRules } from "../../services/accounts/pages.ts";
import { createTestCompany, createTestUser } from "../../tests/helpers/accounts.ts";
import { bootPayload } from "../../tests/helpers/boot_payload.ts";
import { openTestDb } from "../../tests/helpers/db.ts";
import { signIn } from "../../tests/helpers/sign_in.ts";
import { privatePage } from "./_private.tsx";

Deno.test("privatePage: requirements, redirects, content and client data", async (t) => {
  const { db, close } = await openTestDb();
  try {
    const jwtKey = await loadJwtKey(db);
    // The app's route table, but for a "/" that would refuse (the last step's mistake).
    const pageRules: PageRules = {
      ...PAGE_RULES,
      "/": { section: "main", requires: { admin: true } },
    };
    const deps = { db, jwtKey, secureCookies: false, pageRules };
    const pages = new Hono<AppEnv>();
    pages.use(securityHeaders()); // the CSP nonce the boot script carries
    pages.onError(handleError);
    pages.get("/kanban", (c) =>
      privatePage(c, deps, {
        titleKey: "menu.items.kanban",
        extraI18nGroups: ["todolist"],
        render: ({ session, t }) => (
          <p id="content">{t("menu.items.kanban")} · {session.companyName}</p>
        ),
      }));
    pages.get("/users", (c) =>
      privatePage(c, deps, {
        titleKey: "menu.items.users",
        render: async ({ user }) => {
          await Promise.resolve(); // pages may load data first
          return <p id="content">{user.email}</p>;
        },
      }));
    pages.get("/announcements", (c) =>
      privatePage(c, deps, {
        titleKey: "menu.items.announcements",
        render: () => <p id="content">announcements</p>,
      }));
    pages.get("/campaigns", (c) =>
      privatePage(c, deps, {
        titleKey: "menu.items.campaigns",
        render: () => <p id="content">campaigns</p>,
      }));
    pages.get("/", (c) =>
      privatePage(c, deps, {
        titleKey: "home.title",
        render: () => <p>never</p>,
      }));
    // Sign-in goes through the real app; the pages above share its database and key.
    const app = createApp({ db, config: loadConfig({}), jwtKey });

    const companyId = await createTestCompany(db);
    await db.run(sql`update plans set use_kanban = false, use_campaigns = false
      where id = (select plan_id from companies where id = ${companyId})`);
    const admin = await signIn(app, await createTestUser(db, companyId, { profile: "admin" }));
    const agent = await signIn(app, await createTestUser(db, companyId, { profile: "user" }));
    const visit = (path: string, cookie: string) =>
      pages.request(path, { headers: { Cookie: cookie } });

    await t.step("a plan without the feature sends everyone to / with the notice", async () => {
      for (const who of [admin, agent]) {
        const res = await visit("/kanban", who.cookie);
        assert.equal(res.status, 302);
        assert.equal(res.headers.get("location"), "/?denied=1");
      }
    });

    await t.step("with the feature, the page renders in the shell", async () => {
      await db.run(sql`update plans set use_kanban = true
        where id = (select plan_id from companies where id = ${companyId})`);
      const res = await visit("/kanban", agent.cookie);
      assert.equal(res.status, 200);
      const page = await res.text();
      assert.match(page, /<title>Kanban · Balcão<\/title>/);
      assert.match(page, /<main id="main"[^>]*><p id="content">Kanban · Company /);
      assert.match(page, /<a href="\/kanban" title="Kanban" aria-current="page"/);
      const { data } = bootPayload(page);
      const resources = (data.i18n as { resources: Record<string, unknown> }).resources;
      assert.ok("todolist" in resources && "shell" in resources, "extra groups are shipped");
    });

    await t.step("admin pages refuse plain users and open for admins", async () => {
      const refused = await visit("/users", agent.cookie);
      assert.equal(refused.headers.get("location"), "/?denied=1");
      const open = await visit("/users", admin.cookie);
      assert.equal(open.status, 200);
      assert.match(await open.text(), /<p id="content">user\d+-/);
    });

    await t.step("super-only pages refuse admins", async () => {
      const refused = await visit("/announcements", admin.cookie);
      assert.equal(refused.headers.get("location"), "/?denied=1");
      await refused.body?.cancel();
    });

    await t.step("campaigns open by plan or by the company setting", async () => {
      const before = await visit("/campaigns", admin.cookie);
      assert.equal(before.status, 302);
      await db.run(sql`update settings set value = 'true'
        where company_id = ${companyId} and key = 'campaignsEnabled'`);
      const after = await visit("/campaigns", admin.cookie);
      assert.equal(after.status, 200);
      await after.body?.cancel();
    });

    await t.step("signed out: /login with the way back, before any requirement", async () => {
      const res = await pages.request("/kanban?lane=3");
      assert.equal(res.headers.get("location"), "/login?next=%2Fkanban%3Flane%3D3");
    });

    await t.step("/ can never refuse: it is where refused users land", async () => {
      const res = await visit("/", admin.cookie);
      assert.equal(res.status, 500);
      await res.body?.cancel();
    });
  } finally {
    await close();
  }
});
