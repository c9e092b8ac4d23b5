import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { openTestApp } from "../helpers/app.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { call, createTestQueue, tokenFor } from "../helpers/users.ts";

Deno.test("[api] reading users: the paged list, the colleagues' list and one user", async (t) => {
  const { app, db, jwtKey, close } = await openTestApp();
  try {
    const companyId = await createTestCompany(db);
    await db.run(sql`update plans set users = 0
      where id = (select plan_id from companies where id = ${companyId})`);
    const admin = await createTestUser(db, companyId);
    const agent = await createTestUser(db, companyId, { profile: "user" });
    const adminToken = await tokenFor(db, jwtKey, admin);
    const agentToken = await tokenFor(db, jwtKey, agent);
    const sales = await createTestQueue(db, companyId, { name: "Vendas", color: "#22c55e" });
    const support = await createTestQueue(db, companyId, { name: "Suporte", color: "#3b82f6" });
    await db.run(sql`insert into user_queues (user_id, queue_id)
      values (${agent.id}, ${sales.id}), (${agent.id}, ${support.id})`);
    // 23 more users named so that the order by name is known: "Zé 01"…"Zé 23". They never
    // sign in, so they need no real password hash.
    const extras = Array.from(
      { length: 23 },
      (_, i) =>
        sql`(${companyId}, ${`Zé ${String(i + 1).padStart(2, "0")}`}, ${`ze${i + 1}@Example.com`},
        'unusable', 'user')`,
    );
    await db.run(sql`insert into users (company_id, name, email, password_hash, profile)
      values ${sql.join(extras)}`);
    await db.run(sql`update users set name = 'ana admin' where id = ${admin.id}`);
    await db.run(sql`update users set name = 'Bruno Agente' where id = ${agent.id}`);

    await t.step("GET /api/users pages 20 at a time, by name whatever its case", async () => {
      const first = await call(app, "GET", "/api/users?pageNumber=1", adminToken);
      assert.equal(first.status, 200);
      assert.equal(first.body.count, 25);
      assert.equal(first.body.hasMore, true);
      assert.equal(first.body.users.length, 20);
      const names = first.body.users.map((u: { name: string }) => u.name);
      assert.deepEqual(names.slice(0, 3), ["ana admin", "Bruno Agente", "Zé 01"]);
      const second = await call(app, "GET", "/api/users?pageNumber=2", adminToken);
      assert.equal(second.body.hasMore, false);
      assert.deepEqual(
        second.body.users.map((u: { name: string }) => u.name),
        ["Zé 19", "Zé 20", "Zé 21", "Zé 22", "Zé 23"],
      );
      const beyond = await call(app, "GET", "/api/users?pageNumber=9", adminToken);
      assert.deepEqual([beyond.body.users, beyond.body.hasMore], [[], false]);
    });

    await t.step("each listed user carries its queues and no secret", async () => {
      const { body } = await call(app, "GET", "/api/users?searchParam=bruno", adminToken);
      assert.equal(body.count, 1);
      const [listed] = body.users;
      assert.deepEqual(
        Object.keys(listed).sort(),
        [
          "allTicket",
          "companyId",
          "createdAt",
          "email",
          "id",
          "name",
          "online",
          "profile",
          "queues",
          "super",
          "updatedAt",
          "whatsappId",
        ],
      );
      assert.deepEqual(
        listed.queues,
        [support, sales].map(({ id, name, color }) => ({
          id,
          name,
          color,
        })),
      );
      assert.equal(listed.whatsappId, null);
      assert.equal(listed.profile, "user");
      assert.match(listed.createdAt, /^\d{4}-\d{2}-\d{2}T/);
    });

    await t.step("the search matches part of the name or the e-mail, in any case", async () => {
      const byEmail = await call(app, "GET", "/api/users?searchParam=ZE1%40EXAMPLE", adminToken);
      assert.deepEqual(byEmail.body.users.map((u: { email: string }) => u.email), [
        "ze1@Example.com",
      ]);
      const byName = await call(app, "GET", "/api/users?searchParam=z%C3%A9%202", adminToken);
      assert.equal(byName.body.count, 4, "Zé 20 to Zé 23");
      const literal = await call(app, "GET", "/api/users?searchParam=%25", adminToken);
      assert.equal(literal.body.count, 0, "% is a plain character, not a wildcard");
    });

    await t.step("a plain user pages through colleagues' names and queues only", async () => {
      const res = await call(app, "GET", "/api/users?searchParam=bruno", agentToken);
      assert.equal(res.status, 200);
      assert.equal(res.body.count, 1);
      assert.deepEqual(Object.keys(res.body.users[0]).sort(), ["id", "name", "queues"]);
      assert.equal(res.body.users[0].id, agent.id);
      // The search looks at names only: an e-mail address finds nobody.
      const byEmail = await call(
        app,
        "GET",
        `/api/users?searchParam=${encodeURIComponent(admin.email)}`,
        agentToken,
      );
      assert.equal(byEmail.body.count, 0);
      const all = await call(app, "GET", "/api/users", agentToken);
      assert.ok(all.body.users.every((user: object) => !("email" in user)));
      assert.equal((await call(app, "GET", "/api/users", null)).status, 401);
      const bad = await call(app, "GET", "/api/users?pageNumber=0", adminToken);
      assert.equal(bad.status, 400);
    });

    await t.step("GET /api/users/list gives any colleague names and queues", async () => {
      const res = await call(app, "GET", "/api/users/list", agentToken);
      assert.equal(res.status, 200);
      assert.equal(res.body.length, 25);
      const bruno = res.body.find((u: { id: number }) => u.id === agent.id);
      assert.deepEqual(Object.keys(bruno).sort(), ["id", "name", "queues"]);
      assert.equal(bruno.queues.length, 2);
      assert.equal(JSON.stringify(res.body).includes("@"), false, "no e-mail addresses");
    });

    await t.step("GET /api/users/{id}: admins read anyone, others only themselves", async () => {
      const own = await call(app, "GET", `/api/users/${agent.id}`, agentToken);
      assert.equal(own.status, 200);
      assert.equal(own.body.email, agent.email);
      const byAdmin = await call(app, "GET", `/api/users/${agent.id}`, adminToken);
      assert.equal(byAdmin.body.queues.length, 2);
      const other = await call(app, "GET", `/api/users/${admin.id}`, agentToken);
      assert.deepEqual([other.status, other.body], [403, { error: "ERR_NO_PERMISSION" }]);
      for (const id of ["999999", "abc", "-1"]) {
        const missing = await call(app, "GET", `/api/users/${id}`, adminToken);
        assert.deepEqual([missing.status, missing.body], [404, { error: "ERR_NO_USER_FOUND" }]);
      }
    });
  } finally {
    await close();
  }
});
