import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { verifyPassword } from "../../lib/auth/password.ts";
import { openTestApp } from "../helpers/app.ts";
import { onServer, startBehindLock } from "../helpers/db.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { call, createTestQueue, tokenFor } from "../helpers/users.ts";

Deno.test("[api] POST /api/users", async (t) => {
  const { app, db, jwtKey, close } = await openTestApp();
  try {
    const companyId = await createTestCompany(db);
    const otherCompanyId = await createTestCompany(db);
    const admin = await createTestUser(db, companyId);
    const agent = await createTestUser(db, companyId, { profile: "user" });
    const adminToken = await tokenFor(db, jwtKey, admin);
    const agentToken = await tokenFor(db, jwtKey, agent);
    const queue = await createTestQueue(db, companyId);
    const foreignQueue = await createTestQueue(db, otherCompanyId);
    let n = 0;
    const valid = () => ({
      name: "Carla Souza",
      email: `carla${++n}@example.com`,
      password: "12345",
      profile: "user",
    });
    const countUsers = async () =>
      (await db.one<{ n: number }>(
        sql`select count(*) as n from users where company_id = ${companyId}`,
      )).n;

    await t.step("every field is validated with the spec's rules, answered as codes", async () => {
      const required = { code: "ERR_REQUIRED" };
      const cases: Array<[Record<string, unknown>, Record<string, unknown>]> = [
        [{}, { name: required, email: required, password: required }],
        [{ name: "", email: "", password: "" }, {
          name: required,
          email: required,
          password: required,
        }],
        [{ name: "A", email: "not-an-email", password: "1234" }, {
          name: { code: "ERR_TOO_SHORT", minimum: 2 },
          email: { code: "ERR_INVALID_EMAIL" },
          password: { code: "ERR_TOO_SHORT", minimum: 5 },
        }],
        [{ name: "x".repeat(51), email: "a@b.co", password: "p".repeat(51) }, {
          name: { code: "ERR_TOO_LONG", maximum: 50 },
          password: { code: "ERR_TOO_LONG", maximum: 50 },
        }],
      ];
      for (const [body, fields] of cases) {
        const res = await call(app, "POST", "/api/users", adminToken, body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(res.body.error, "ERR_VALIDATION");
        assert.deepEqual(res.body.fields, fields, JSON.stringify(body));
      }
      const wrongKinds = await call(app, "POST", "/api/users", adminToken, {
        ...valid(),
        profile: "owner",
        allTicket: "yes",
        queueIds: ["1"],
        whatsappId: "x",
      });
      assert.deepEqual(
        Object.keys(wrongKinds.body.fields).sort(),
        ["allTicket", "profile", "queueIds.0", "whatsappId"],
      );
    });

    await t.step("an admin creates a user with queues; defaults fill the rest", async () => {
      const body = { ...valid(), name: "  Carla Souza ", email: " Carla.New@Example.COM " };
      const res = await call(app, "POST", "/api/users", adminToken, {
        ...body,
        queueIds: [queue.id, queue.id],
        whatsappId: "",
      });
      assert.equal(res.status, 201);
      assert.equal(res.body.name, "Carla Souza");
      assert.equal(res.body.email, "carla.new@example.com");
      assert.equal(res.body.profile, "user");
      assert.equal(res.body.allTicket, "disabled");
      assert.equal(res.body.super, false);
      assert.equal(res.body.whatsappId, null);
      assert.equal(res.body.companyId, companyId);
      assert.deepEqual(res.body.queues, [queue]);
      const stored = await db.one<{ password_hash: string }>(
        sql`select password_hash from users where id = ${res.body.id}`,
      );
      assert.ok(await verifyPassword("12345", stored.password_hash));
      const login = await call(app, "POST", "/api/auth/login", null, {
        email: "carla.new@example.com",
        password: "12345",
      });
      assert.equal(login.status, 200, "the new user can sign in");
    });

    await t.step("an e-mail is unique across the installation, whatever its case", async () => {
      const other = await createTestUser(db, otherCompanyId);
      const before = await countUsers();
      const res = await call(app, "POST", "/api/users", adminToken, {
        ...valid(),
        email: other.email.toUpperCase(),
      });
      assert.deepEqual([res.status, res.body], [409, { error: "ERR_EMAIL_TAKEN" }]);
      assert.equal(await countUsers(), before);
    });

    await t.step("queues of another company are refused and nothing is created", async () => {
      const before = await countUsers();
      const res = await call(app, "POST", "/api/users", adminToken, {
        ...valid(),
        queueIds: [queue.id, foreignQueue.id, 987654],
      });
      assert.deepEqual([res.status, res.body], [400, {
        error: "ERR_INVALID_QUEUES",
        queueIds: [foreignQueue.id, 987654],
      }]);
      assert.equal(await countUsers(), before);
    });

    await t.step("the plan's user limit counts every user of the company", async () => {
      const count = await countUsers();
      const planOf = sql`(select plan_id from companies where id = ${companyId})`;
      await db.run(sql`update plans set users = ${count + 1} where id = ${planOf}`);
      const last = await call(app, "POST", "/api/users", adminToken, valid());
      assert.equal(last.status, 201, "the last place is taken");
      const refused = await call(app, "POST", "/api/users", adminToken, valid());
      assert.deepEqual([refused.status, refused.body], [403, {
        error: "ERR_USER_LIMIT_REACHED",
        limit: count + 1,
      }]);
      assert.equal(await countUsers(), count + 1);

      await db.run(sql`update plans set users = ${count + 3} where id = ${planOf}`);
      const createThree = () =>
        Promise.all([1, 2, 3].map(() => call(app, "POST", "/api/users", adminToken, valid())));
      // On a server, hold the company's lock until the three creations queue up behind it, so
      // that they really race: each must count the users the ones before it committed. (The
      // embedded database runs one query at a time; there they cannot overlap.)
      const racing = onServer
        ? await startBehindLock(
          db,
          sql`select 1 from companies where id = ${companyId} for no key update`,
          3,
          createThree,
        )
        : await createThree();
      assert.deepEqual(racing.map((r) => r.status).sort(), [201, 201, 403]);
      assert.equal(await countUsers(), count + 3);

      await db.run(sql`update plans set users = 0 where id = ${planOf}`);
      const unlimited = await call(app, "POST", "/api/users", adminToken, valid());
      assert.equal(unlimited.status, 201, "0 means no limit");
    });

    await t.step("a plain user may not create users", async () => {
      const res = await call(app, "POST", "/api/users", agentToken, valid());
      assert.deepEqual([res.status, res.body], [403, { error: "ERR_NO_PERMISSION" }]);
      assert.equal((await call(app, "POST", "/api/users", null, valid())).status, 401);
    });

    await t.step("an admin's companyId is ignored and `super` is refused", async () => {
      const res = await call(app, "POST", "/api/users", adminToken, {
        ...valid(),
        companyId: otherCompanyId,
      });
      assert.equal(res.status, 201);
      assert.equal(res.body.companyId, companyId, "created in the caller's own company");
      const escalate = await call(app, "POST", "/api/users", adminToken, {
        ...valid(),
        super: true,
      });
      assert.deepEqual([escalate.status, escalate.body], [403, { error: "ERR_NO_PERMISSION" }]);
    });

    await t.step("the super user creates users in another company", async () => {
      const root = await createTestUser(db, companyId, { super: true });
      const rootToken = await tokenFor(db, jwtKey, root);
      const res = await call(app, "POST", "/api/users", rootToken, {
        ...valid(),
        profile: "admin",
        companyId: otherCompanyId,
        allTicket: "enabled",
      });
      assert.equal(res.status, 201);
      assert.equal(res.body.companyId, otherCompanyId);
      assert.equal(res.body.profile, "admin");
      assert.equal(res.body.allTicket, "enabled");
      const foreignQueues = await call(app, "POST", "/api/users", rootToken, {
        ...valid(),
        companyId: otherCompanyId,
        queueIds: [queue.id],
      });
      assert.equal(foreignQueues.body.error, "ERR_INVALID_QUEUES", "queues of the target company");
      const missing = await call(app, "POST", "/api/users", rootToken, {
        ...valid(),
        companyId: 999999,
      });
      assert.deepEqual([missing.status, missing.body], [404, { error: "ERR_NO_COMPANY_FOUND" }]);
      const peer = await call(app, "POST", "/api/users", rootToken, { ...valid(), super: true });
      assert.equal(peer.body.super, true, "only the super user may make another one");
    });
  } finally {
    await close();
  }
});
