import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { openTestApp } from "../helpers/app.ts";
import { createTestCompany, createTestUser, type TestUser } from "../helpers/accounts.ts";
import { call, createTestConnection, createTestQueue, tokenFor } from "../helpers/users.ts";

type App = Awaited<ReturnType<typeof openTestApp>>["app"];

/** A real sign-in: the access and refresh cookies, as a browser holds them. */
async function signIn(app: App, user: TestUser, password = user.password) {
  const res = await app.request("/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: user.email, password }),
  });
  assert.equal(res.status, 200);
  const jar: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, ...value] = pair!.split("=");
    jar[name!] = value.join("=");
  }
  return { token: jar.token!, cookie: `token=${jar.token}; jrt=${jar.jrt}`, jrt: jar.jrt! };
}

async function status(app: App, path: string, init: RequestInit): Promise<number> {
  const res = await app.request(path, init);
  await res.body?.cancel();
  return res.status;
}

const meWith = (app: App, token: string) =>
  status(app, "/api/auth/me", { headers: { Authorization: `Bearer ${token}` } });
const refreshWith = (app: App, jrt: string) =>
  status(app, "/api/auth/refresh_token", { method: "POST", headers: { Cookie: `jrt=${jrt}` } });

Deno.test("[api] PUT /api/users/{id}", async (t) => {
  const { app, db, jwtKey, close } = await openTestApp();
  try {
    const companyId = await createTestCompany(db);
    const admin = await createTestUser(db, companyId);
    const agent = await createTestUser(db, companyId, { profile: "user" });
    const colleague = await createTestUser(db, companyId, { profile: "user" });
    const adminToken = await tokenFor(db, jwtKey, admin);
    const queue = await createTestQueue(db, companyId);
    const otherCompanyId = await createTestCompany(db);
    const foreignQueue = await createTestQueue(db, otherCompanyId);
    const connectionId = await createTestConnection(db, companyId);
    const foreignConnectionId = await createTestConnection(db, otherCompanyId);
    const path = (user: TestUser) => `/api/users/${user.id}`;
    const stored = (user: TestUser) =>
      db.one<Record<string, unknown>>(sql`
        select name, email, profile, all_ticket, whatsapp_id, token_version,
               array(select queue_id from user_queues where user_id = ${user.id}) as queue_ids
        from users where id = ${user.id}`);

    await t.step("an admin edits every field of a user of the company", async () => {
      const res = await call(app, "PUT", path(agent), adminToken, {
        name: "Agente Editado",
        email: "Agente.Editado@Example.com",
        profile: "user",
        whatsappId: connectionId,
        queueIds: [queue.id],
        allTicket: "enabled",
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.name, "Agente Editado");
      assert.equal(res.body.email, "agente.editado@example.com");
      assert.equal(res.body.whatsappId, connectionId);
      assert.equal(res.body.allTicket, "enabled");
      assert.deepEqual(res.body.queues, [queue]);
      agent.email = res.body.email;
      const cleared = await call(app, "PUT", path(agent), adminToken, {
        queueIds: [],
        whatsappId: null,
      });
      assert.deepEqual([cleared.body.queues, cleared.body.whatsappId], [[], null]);
    });

    await t.step("another company's connection is unknown here, and changes nothing", async () => {
      const res = await call(app, "PUT", path(agent), adminToken, {
        whatsappId: foreignConnectionId,
      });
      assert.deepEqual([res.status, res.body], [404, { error: "ERR_NO_WAPP_FOUND" }]);
      assert.equal((await stored(agent)).whatsapp_id, null);
      const created = await call(app, "POST", "/api/users", adminToken, {
        name: "Nova Pessoa",
        email: `nova-${crypto.randomUUID().slice(0, 6)}@example.com`,
        password: "Senha-forte-1",
        profile: "user",
        whatsappId: foreignConnectionId,
      });
      assert.deepEqual([created.status, created.body], [404, { error: "ERR_NO_WAPP_FOUND" }]);
    });

    await t.step("deleting a connection clears it as a user's default", async () => {
      await call(app, "PUT", path(agent), adminToken, { whatsappId: connectionId });
      await db.run(sql`delete from whatsapps where id = ${connectionId}`);
      assert.equal((await stored(agent)).whatsapp_id, null);
    });

    await t.step("fields are validated like on creation; a blank password is kept", async () => {
      const res = await call(app, "PUT", path(agent), adminToken, {
        name: "A",
        email: "nope",
        password: "123",
      });
      assert.deepEqual(res.body.fields, {
        name: { code: "ERR_TOO_SHORT", minimum: 2 },
        email: { code: "ERR_INVALID_EMAIL" },
        password: { code: "ERR_TOO_SHORT", minimum: 5 },
      });
      const before = await stored(agent);
      const blank = await call(app, "PUT", path(agent), adminToken, { password: "" });
      assert.equal(blank.status, 200);
      assert.equal((await stored(agent)).token_version, before.token_version);
    });

    await t.step("another company's queue and a taken e-mail change nothing", async () => {
      const before = await stored(agent);
      const queues = await call(app, "PUT", path(agent), adminToken, {
        name: "Should Not Stick",
        queueIds: [foreignQueue.id],
      });
      assert.equal(queues.body.error, "ERR_INVALID_QUEUES");
      const taken = await call(app, "PUT", path(agent), adminToken, {
        name: "Should Not Stick",
        email: admin.email.toUpperCase(),
      });
      assert.deepEqual([taken.status, taken.body], [409, { error: "ERR_EMAIL_TAKEN" }]);
      assert.deepEqual(await stored(agent), before);
    });

    await t.step("a plain user edits their own name, e-mail and password", async () => {
      const session = await signIn(app, agent);
      const res = await app.request(path(agent), {
        method: "PUT",
        headers: { "Content-Type": "application/json", Cookie: session.cookie },
        body: JSON.stringify({
          name: "Eu Mesmo",
          email: agent.email,
          password: "nova-senha",
          currentPassword: agent.password,
          // The dialog sends the other fields back unchanged: that is no escalation.
          profile: "user",
          allTicket: "enabled",
          whatsappId: null,
          queueIds: [],
        }),
      });
      assert.equal(res.status, 200);
      assert.equal((await res.json()).name, "Eu Mesmo");
      agent.password = "nova-senha";
    });

    await t.step("a plain user cannot raise their own rights, nor edit others", async () => {
      const agentToken = await tokenFor(db, jwtKey, agent);
      const before = await stored(agent);
      const attempts = [
        { profile: "admin" },
        { allTicket: "disabled" },
        { whatsappId: 3 },
        { queueIds: [queue.id] },
        { super: true },
      ];
      for (const attempt of attempts) {
        const res = await call(app, "PUT", path(agent), agentToken, {
          name: "Escalated",
          ...attempt,
        });
        assert.deepEqual([res.status, res.body], [403, { error: "ERR_NO_PERMISSION" }]);
      }
      assert.deepEqual(await stored(agent), before, "nothing changed, not even the name");
      const other = await call(app, "PUT", path(colleague), agentToken, { name: "Hacked" });
      assert.deepEqual([other.status, other.body], [403, { error: "ERR_NO_PERMISSION" }]);
    });

    await t.step("only the super user sets the super flag, and never on themself", async () => {
      const escalate = await call(app, "PUT", path(colleague), adminToken, { super: true });
      assert.equal(escalate.status, 403);
      const root = await createTestUser(db, companyId, { super: true });
      const rootToken = await tokenFor(db, jwtKey, root);
      const promoted = await call(app, "PUT", path(colleague), rootToken, { super: true });
      assert.equal(promoted.body.super, true);
      const demoted = await call(app, "PUT", path(colleague), rootToken, { super: false });
      assert.equal(demoted.body.super, false);
      const self = await call(app, "PUT", path(root), rootToken, { super: false });
      assert.equal(self.status, 403);
    });

    await t.step("the last admin of the company cannot be demoted", async () => {
      const solo = await createTestCompany(db);
      const only = await createTestUser(db, solo);
      const onlyToken = await tokenFor(db, jwtKey, only);
      const res = await call(app, "PUT", `/api/users/${only.id}`, onlyToken, { profile: "user" });
      assert.deepEqual([res.status, res.body], [409, { error: "ERR_LAST_ADMIN" }]);
      const second = await createTestUser(db, solo);
      const ok = await call(app, "PUT", `/api/users/${second.id}`, onlyToken, {
        profile: "user",
      });
      assert.equal(ok.body.profile, "user", "another admin remained, so the demotion went through");
    });

    await t.step("a new profile supersedes access tokens but keeps the sign-in", async () => {
      const session = await signIn(app, colleague);
      await call(app, "PUT", path(colleague), adminToken, { profile: "admin" });
      assert.equal(await meWith(app, session.token), 403, "the old token asks for a refresh");
      assert.equal(await refreshWith(app, session.jrt), 200, "and the refresh gives a new one");
      const renamed = await signIn(app, colleague);
      await call(app, "PUT", path(colleague), adminToken, { name: "Renamed" });
      assert.equal(await meWith(app, renamed.token), 200, "a new name signs nobody out");
    });

    await t.step("a password set by an admin signs the user out everywhere", async () => {
      const first = await signIn(app, colleague);
      const second = await signIn(app, colleague);
      await call(app, "PUT", path(colleague), adminToken, { password: "by-the-admin" });
      for (const session of [first, second]) {
        assert.equal(await meWith(app, session.token), 403);
        assert.equal(await refreshWith(app, session.jrt), 401, "the refresh is revoked");
      }
      colleague.password = "by-the-admin";
      assert.equal((await signIn(app, colleague)).token.length > 0, true);
    });

    await t.step("changing one's own password keeps this sign-in and ends the others", async () => {
      const here = await signIn(app, agent);
      const elsewhere = await signIn(app, agent);
      const res = await app.request(path(agent), {
        method: "PUT",
        headers: { "Content-Type": "application/json", Cookie: here.cookie },
        body: JSON.stringify({ password: "outra-senha", currentPassword: agent.password }),
      });
      assert.equal(res.status, 200);
      assert.equal(await meWith(app, here.token), 403, "this tab refreshes once…");
      assert.equal(await refreshWith(app, here.jrt), 200, "…and carries on");
      assert.equal(await refreshWith(app, elsewhere.jrt), 401, "the other place is signed out");
    });

    await t.step("anonymous callers and unknown ids", async () => {
      assert.equal((await call(app, "PUT", path(agent), null, { name: "Anon" })).status, 401);
      const missing = await call(app, "PUT", "/api/users/999999", adminToken, { name: "Nobody" });
      assert.deepEqual([missing.status, missing.body], [404, { error: "ERR_NO_USER_FOUND" }]);
    });
  } finally {
    await close();
  }
});
