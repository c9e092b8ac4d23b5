import assert from "node:assert/strict";
import { Hono } from "hono";
import { sql } from "../../lib/db/mod.ts";
import { authenticate } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { handleError } from "../../lib/http/error_handler.ts";
import { signAccessToken } from "../../lib/auth/tokens.ts";
import { accountPrincipals } from "../../services/accounts/principals.ts";
import { openTestDb } from "../../tests/helpers/db.ts";
import { createTestCompany, createTestUser } from "../../tests/helpers/accounts.ts";
import { testJwtKey } from "../../tests/helpers/app.ts";
import { requireAdmin, requireFeature, requirePermission, requireSuper } from "./guards.ts";

Deno.test("guards: profile, super and plan feature checks answer 403 with their codes", async () => {
  const { db, close } = await openTestDb();
  try {
    const key = testJwtKey();
    const companyId = await createTestCompany(db);
    const admin = await createTestUser(db, companyId, { profile: "admin" });
    const agent = await createTestUser(db, companyId, { profile: "user" });
    await db.run(sql`update plans set use_kanban = false
      where id = (select plan_id from companies where id = ${companyId})`);

    const app = new Hono<AppEnv>();
    app.onError(handleError);
    app.use(authenticate(accountPrincipals(db), key));
    app.get("/admin", (c) => c.json(requireAdmin(c).userId));
    app.get("/super", (c) => c.json(requireSuper(c).userId));
    app.get("/delete", (c) => c.json(requirePermission(c, "ticket-options:deleteTicket").userId));
    app.get("/kanban", requireFeature(db, "useKanban"), (c) => c.json("ok"));
    app.get("/chat", requireFeature(db, "useInternalChat"), (c) => c.json("ok"));

    const as = async (user: { id: number }, profile: "user" | "admin") =>
      `Bearer ${await signAccessToken(
        { userId: user.id, companyId, profile, super: false, tokenVersion: 0 },
        key,
      )}`;
    const call = async (path: string, authorization?: string) => {
      const res = await app.request(path, authorization ? { headers: { authorization } } : {});
      return { status: res.status, body: await res.json() };
    };

    const adminAuth = await as(admin, "admin");
    const agentAuth = await as(agent, "user");
    assert.deepEqual(await call("/admin", adminAuth), { status: 200, body: admin.id });
    assert.deepEqual(await call("/admin", agentAuth), {
      status: 403,
      body: { error: "ERR_NO_PERMISSION" },
    });
    assert.equal((await call("/super", adminAuth)).status, 403);
    assert.equal((await call("/delete", agentAuth)).status, 403);
    assert.equal((await call("/delete", adminAuth)).status, 200);
    assert.deepEqual(await call("/kanban", adminAuth), {
      status: 403,
      body: { error: "ERR_FEATURE_NOT_IN_PLAN" },
    });
    assert.deepEqual(await call("/chat", agentAuth), { status: 200, body: "ok" });
    assert.equal((await call("/kanban")).status, 401);

    // A profile change in the database counts on the next call, whatever the token says.
    await db.run(sql`update users set profile = 'user' where id = ${admin.id}`);
    assert.equal((await call("/admin", adminAuth)).status, 403);
  } finally {
    await close();
  }
});
