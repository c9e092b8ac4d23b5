/**
 * Logout revokes the access token at once (issue 15, security 5): the token stops working on
 * the API and on sockets now, not when it expires 15 minutes later.
 */
import assert from "node:assert/strict";
import { SignJWT } from "jose";
import { sql } from "../../lib/db/mod.ts";
import { CLOSE_SESSION_EXPIRED } from "../../lib/realtime/mod.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { openRealtimeTestApp } from "../helpers/realtime_app.ts";
import { signIn } from "../helpers/sign_in.ts";

Deno.test("[api] logout revokes the access token now, on HTTP and sockets", async (t) => {
  const env = await openRealtimeTestApp();
  const { app, db } = env;
  const me = (token: string) =>
    app.request("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } });
  const logout = (cookie: string) =>
    app.request("/api/auth/logout", { method: "DELETE", headers: { Cookie: cookie } });
  try {
    const companyId = await createTestCompany(db);
    const user = await createTestUser(db, companyId);

    await t.step("the signed-out token is refused on the next call", async () => {
      const session = await signIn(app, user);
      assert.equal((await me(session.token)).status, 200);
      assert.equal((await logout(session.cookie)).status, 204);
      const after = await me(session.token);
      assert.equal(after.status, 403);
      assert.deepEqual(await after.json(), { error: "ERR_SESSION_EXPIRED" });
    });

    await t.step("an older token of the same sign-in (another tab) is refused too", async () => {
      const session = await signIn(app, user);
      const refreshed = await app.request("/api/auth/refresh_token", {
        method: "POST",
        headers: { Cookie: session.cookie },
      });
      const newer = (await refreshed.json()).token as string;
      assert.notEqual(newer, session.token);
      assert.equal((await logout(`token=${newer}`)).status, 204);
      assert.equal((await me(session.token)).status, 403);
    });

    await t.step("the user's other sign-ins are not touched", async () => {
      const phone = await signIn(app, user);
      const laptop = await signIn(app, user);
      assert.equal((await logout(laptop.cookie)).status, 204);
      const res = await me(phone.token);
      assert.equal(res.status, 200);
      await res.body?.cancel();
    });

    await t.step("a socket of the signed-out token is closed as session expired", async () => {
      const session = await signIn(app, user);
      const other = await signIn(app, user);
      const socket = await env.connect({ Authorization: `Bearer ${session.token}` });
      const stays = await env.connect({ Authorization: `Bearer ${other.token}` });
      assert.equal((await logout(session.cookie)).status, 204);
      assert.equal((await socket.closed).code, CLOSE_SESSION_EXPIRED);
      await env.hub.publish(`user-${user.id}`, `company-${companyId}-auth`, { n: 1 });
      assert.deepEqual((await stays.next(`company-${companyId}-auth`)).data, { n: 1 });
    });

    await t.step("a revoked token cannot open a socket", async () => {
      const session = await signIn(app, user);
      assert.equal((await logout(session.cookie)).status, 204);
      const res = await env.app.request(`/ws?token=${session.token}`, {
        headers: { upgrade: "websocket" },
      });
      assert.equal(res.status, 401);
      await res.body?.cancel();
    });

    await t.step("expired deny-list entries are pruned", async () => {
      await db.run(sql`insert into revoked_access_tokens (token_key, expires_at)
        values ('jti:long-gone', now() - interval '1 minute')`);
      const session = await signIn(app, user);
      await logout(session.cookie);
      const gone = await db.maybeOne(
        sql`select 1 from revoked_access_tokens where token_key = 'jti:long-gone'`,
      );
      assert.ok(!gone, "an entry whose tokens have all expired is deleted");
    });

    await t.step("a token without an id (jti) cannot be revoked, so it is refused", async () => {
      const version = await db.one<{ token_version: number }>(
        sql`select token_version from users where id = ${user.id}`,
      );
      const bare = await new SignJWT({
        companyId,
        profile: "admin",
        super: false,
        tv: version.token_version,
      })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(user.id))
        .setIssuedAt()
        .setExpirationTime("15m")
        .sign(env.jwtKey);
      const res = await me(bare);
      assert.equal(res.status, 403);
      await res.body?.cancel();
    });
  } finally {
    await env.close();
  }
});
