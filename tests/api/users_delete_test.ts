import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { openTestApp } from "../helpers/app.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { call, createTestQueue, tokenFor } from "../helpers/users.ts";

Deno.test("[api] DELETE /api/users/{id}", async (t) => {
  const { app, db, jwtKey, close } = await openTestApp();
  try {
    const companyId = await createTestCompany(db);
    const admin = await createTestUser(db, companyId);
    const adminToken = await tokenFor(db, jwtKey, admin);
    const queue = await createTestQueue(db, companyId);

    await t.step("an admin deletes a user; their queues and sessions go too", async () => {
      const leaving = await createTestUser(db, companyId, { profile: "user" });
      await db.run(
        sql`insert into user_queues (user_id, queue_id) values (${leaving.id}, ${queue.id})`,
      );
      const login = await call(app, "POST", "/api/auth/login", null, {
        email: leaving.email,
        password: leaving.password,
      });
      const res = await call(app, "DELETE", `/api/users/${leaving.id}`, adminToken);
      assert.deepEqual([res.status, res.body], [204, undefined]);
      const left = await db.one<{ users: number; queues: number; tokens: number }>(sql`
        select (select count(*) from users where id = ${leaving.id}) as users,
               (select count(*) from user_queues where user_id = ${leaving.id}) as queues,
               (select count(*) from refresh_tokens where user_id = ${leaving.id}) as tokens`);
      assert.deepEqual(left, { users: 0, queues: 0, tokens: 0 });
      const me = await call(app, "GET", "/api/auth/me", login.body.token);
      assert.equal(me.status, 403, "the access token is refused; its refresh is gone");
      const again = await call(app, "DELETE", `/api/users/${leaving.id}`, adminToken);
      assert.deepEqual([again.status, again.body], [404, { error: "ERR_NO_USER_FOUND" }]);
    });

    await t.step("nobody deletes themself, and nobody deletes the super user", async () => {
      const self = await call(app, "DELETE", `/api/users/${admin.id}`, adminToken);
      assert.deepEqual([self.status, self.body], [400, { error: "ERR_CANNOT_DELETE_SELF" }]);
      const root = await createTestUser(db, companyId, { super: true });
      const res = await call(app, "DELETE", `/api/users/${root.id}`, adminToken);
      assert.deepEqual([res.status, res.body], [403, { error: "ERR_CANNOT_DELETE_SUPER" }]);
    });

    await t.step("plain users may not delete; the last admin stays", async () => {
      const agent = await createTestUser(db, companyId, { profile: "user" });
      const colleague = await createTestUser(db, companyId, { profile: "user" });
      const agentToken = await tokenFor(db, jwtKey, agent);
      const res = await call(app, "DELETE", `/api/users/${colleague.id}`, agentToken);
      assert.deepEqual([res.status, res.body], [403, { error: "ERR_NO_PERMISSION" }]);
      assert.equal((await call(app, "DELETE", `/api/users/${colleague.id}`, null)).status, 401);

      // The super user may have the plain profile; they still cannot leave a company
      // without an admin.
      const solo = await createTestCompany(db);
      const onlyAdmin = await createTestUser(db, solo);
      const root = await createTestUser(db, solo, { super: true, profile: "user" });
      const rootToken = await tokenFor(db, jwtKey, root);
      const last = await call(app, "DELETE", `/api/users/${onlyAdmin.id}`, rootToken);
      assert.deepEqual([last.status, last.body], [409, { error: "ERR_LAST_ADMIN" }]);
    });
  } finally {
    await close();
  }
});

Deno.test("[api] users of one company are invisible to another company's admin", async () => {
  const { app, db, jwtKey, close } = await openTestApp();
  try {
    const companyA = await createTestCompany(db);
    const companyB = await createTestCompany(db);
    const targets = [
      await createTestUser(db, companyA),
      await createTestUser(db, companyA, { profile: "user" }),
    ];
    const adminB = await createTestUser(db, companyB);
    const tokenB = await tokenFor(db, jwtKey, adminB);
    const notFound = [404, { error: "ERR_NO_USER_FOUND" }];
    for (const target of targets) {
      const path = `/api/users/${target.id}`;
      const read = await call(app, "GET", path, tokenB);
      assert.deepEqual([read.status, read.body], notFound, `GET ${path}`);
      const edit = await call(app, "PUT", path, tokenB, { name: "Taken Over" });
      assert.deepEqual([edit.status, edit.body], notFound, `PUT ${path}`);
      const remove = await call(app, "DELETE", path, tokenB);
      assert.deepEqual([remove.status, remove.body], notFound, `DELETE ${path}`);
    }
    const list = await call(app, "GET", "/api/users", tokenB);
    assert.deepEqual(list.body.users.map((u: { id: number }) => u.id), [adminB.id]);
    const colleagues = await call(app, "GET", "/api/users/list", tokenB);
    assert.deepEqual(colleagues.body.map((u: { id: number }) => u.id), [adminB.id]);
    const untouched = await db.query<{ name: string }>(
      sql`select name from users where company_id = ${companyA} and name = 'Taken Over'`,
    );
    assert.deepEqual(untouched, []);
    const count = await db.one<{ n: number }>(
      sql`select count(*) as n from users where company_id = ${companyA}`,
    );
    assert.equal(count.n, 2);
  } finally {
    await close();
  }
});
