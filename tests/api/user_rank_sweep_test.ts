/**
 * The permission sweep for editing users (issue 15, security 1): the super user works in a
 * company like any other, so that company's own admins and agents can address them by id.
 * Only the super user may edit a super user; nobody else may raise anyone to super or take
 * the flag away. Every route that writes users or companies is probed here: a new one fails
 * this test until it is added to PROBES (or to NOT_USER_EDITS with the reason).
 */
import assert from "node:assert/strict";
import { type Db, sql } from "../../lib/db/mod.ts";
import { answer, apiAs, type ApiCall, openAppWithActors } from "../helpers/api_as.ts";
import { createTestUser } from "../helpers/accounts.ts";

interface Cast {
  superId: number;
  adminId: number;
  agentId: number;
  platformId: number;
}

interface Probe {
  who: "admin" | "agent";
  method: string;
  path: (cast: Cast) => string;
  body?: (cast: Cast) => unknown;
}

const HACK = "Owned by the admin";

function putUser(who: Probe["who"], target: keyof Cast, body: unknown): Probe {
  return { who, method: "PUT", path: (c) => `/api/users/${c[target]}`, body: () => body };
}

/** The routes that write users (or a company's login e-mail), by `app.routes` name. */
const PROBES: Record<string, Probe[]> = {
  "PUT /api/users/:id": [
    // The super user's e-mail, password and profile: the takeover of the report.
    putUser("admin", "superId", { email: "owned@example.com" }),
    putUser("admin", "superId", { password: "owned-password" }),
    putUser("admin", "superId", { name: HACK }),
    putUser("admin", "superId", { profile: "user" }),
    putUser("admin", "superId", { super: false }),
    // An admin may not raise anyone to super, themselves included.
    putUser("admin", "agentId", { super: true }),
    putUser("admin", "adminId", { super: true }),
    putUser("agent", "superId", { email: "owned@example.com" }),
    putUser("agent", "agentId", { super: true }),
  ],
  "POST /api/users": [
    {
      who: "admin",
      method: "POST",
      path: () => "/api/users",
      body: () => ({ name: HACK, email: "new-super@example.com", password: "12345", super: true }),
    },
  ],
  "DELETE /api/users/:id": [
    { who: "admin", method: "DELETE", path: (c) => `/api/users/${c.superId}` },
  ],
  // The companies screen is the super user's: a company admin may not rewrite the
  // installation's company (whose e-mail names its first admin).
  "PUT /api/companies/:id{[0-9]+}": [
    {
      who: "admin",
      method: "PUT",
      path: (c) => `/api/companies/${c.platformId}`,
      body: () => ({ email: "owned@example.com" }),
    },
  ],
  "POST /api/companies": [
    {
      who: "admin",
      method: "POST",
      path: () => "/api/companies",
      body: () => ({ name: HACK, email: "owned@example.com", planId: 1, password: "12345" }),
    },
  ],
  "DELETE /api/companies/:id{[0-9]+}": [
    { who: "admin", method: "DELETE", path: (c) => `/api/companies/${c.platformId}` },
  ],
};

/** Writes under /api/users or /api/companies that edit no existing user, with the reason. */
const NOT_USER_EDITS: Record<string, string> = {
  "PUT /api/companies/:id{[0-9]+}/schedules": "a company's opening hours, no user's fields",
  "POST /api/companies/cadastro": "public sign-up: a new company with a new admin",
};

async function platformUsers(db: Db, platformId: number): Promise<string> {
  const rows = await db.query(sql`
    select id, name, email, password_hash, profile, super, token_version from users
    where company_id = ${platformId} order by id`);
  const company = await db.query(sql`select * from companies where id = ${platformId}`);
  return JSON.stringify({ rows, company });
}

Deno.test("[api] only the super user edits a super user or the super flag", async (t) => {
  const env = await openAppWithActors();
  const { app, db, jwtKey, platformId, asSuper } = env;
  try {
    const { id: superId } = await db.one<{ id: number }>(
      sql`select id from users where company_id = ${platformId} and super`,
    );
    const admin = await createTestUser(db, platformId, { profile: "admin" });
    const agent = await createTestUser(db, platformId, { profile: "user" });
    const callers: Record<Probe["who"], ApiCall> = {
      admin: await apiAs(app, jwtKey, { ...admin, profile: "admin" }),
      agent: await apiAs(app, jwtKey, { ...agent, profile: "user" }),
    };
    const cast: Cast = { superId, adminId: admin.id, agentId: agent.id, platformId };

    await t.step("every route that writes users is in the sweep", () => {
      const writes = app.routes
        .filter((route) => ["POST", "PUT", "PATCH", "DELETE"].includes(route.method))
        .filter((route) => /^\/api\/(users|companies)(\/|$)/.test(route.path))
        .map((route) => `${route.method} ${route.path}`);
      const unlisted = [...new Set(writes)]
        .filter((name) => !(name in PROBES) && !(name in NOT_USER_EDITS));
      assert.deepEqual(unlisted, [], "add each to PROBES in tests/api/user_rank_sweep_test.ts");
    });

    await t.step(
      "the super user's company's admin and agent are refused, nothing changes",
      async () => {
        const before = await platformUsers(db, platformId);
        const allowed: string[] = [];
        for (const probes of Object.values(PROBES)) {
          for (const probe of probes) {
            const path = probe.path(cast);
            const { status, body } = await answer(
              await callers[probe.who](probe.method, path, probe.body?.(cast)),
            );
            if (status !== 403) {
              allowed.push(
                `${probe.who} ${probe.method} ${path} → ${status} ${JSON.stringify(body)}`,
              );
            }
          }
        }
        assert.deepEqual(allowed, [], "a caller below the super user changed what only it may");
        assert.equal(await platformUsers(db, platformId), before, "the platform's users changed");
      },
    );

    await t.step(
      "the super user still edits themselves and the admins of its company",
      async () => {
        const own = await answer(await asSuper("PUT", `/api/users/${superId}`, { name: "Dona" }));
        assert.equal(own.status, 200, JSON.stringify(own.body));
        assert.equal(own.body.name, "Dona");
        const raised = await answer(
          await asSuper("PUT", `/api/users/${admin.id}`, { super: true, name: "Vice" }),
        );
        assert.equal(raised.status, 200, JSON.stringify(raised.body));
        const row = await db.one<{ super: boolean }>(
          sql`select super from users where id = ${admin.id}`,
        );
        assert.equal(row.super, true);
      },
    );
  } finally {
    await env.close();
  }
});
