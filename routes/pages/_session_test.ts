import assert from "node:assert/strict";
import { Hono } from "hono";
import type { AppEnv } from "../../lib/http/env.ts";
import { openTestDb } from "../../tests/helpers/db.ts";
import { createTestCompany, createTestUser } from "../../tests/helpers/accounts.ts";
import { testJwtKey } from "../../tests/helpers/app.ts";
import { createLoginThrottle } from "../../services/accounts/login_throttle.ts";
import { login } from "../../services/accounts/sessions.ts";
import { pageSession } from "./_session.ts";
import { nullHub } from "../../lib/realtime/mod.ts";

Deno.test("pageSession: access cookie, renewal through the refresh cookie, or nobody", async () => {
  const { db, close } = await openTestDb();
  try {
    const jwtKey = testJwtKey();
    const user = await createTestUser(db, await createTestCompany(db));
    const session = await login(
      db,
      jwtKey,
      { email: user.email, password: user.password, address: "192.0.2.1" },
      createLoginThrottle(),
      { hub: nullHub() },
    );
    const app = new Hono<AppEnv>();
    app.get("/", async (c) => {
      const found = await pageSession(c, { db, jwtKey, secureCookies: false });
      return c.json(found?.id ?? null);
    });
    const visit = async (cookie?: string) => {
      const res = await app.request("/", cookie ? { headers: { Cookie: cookie } } : {});
      return { id: await res.json(), setCookies: res.headers.getSetCookie().join("\n") };
    };

    assert.deepEqual(await visit(), { id: null, setCookies: "" });
    const signedIn = await visit(`token=${session.accessToken}`);
    assert.equal(signedIn.id, user.id);
    assert.equal(signedIn.setCookies, "", "a good access token renews nothing");

    const renewed = await visit(`token=expired.token.value; jrt=${session.refreshToken}`);
    assert.equal(renewed.id, user.id);
    assert.match(renewed.setCookies, /token=ey/);
    assert.match(renewed.setCookies, /jrt=/);

    const refused = await visit("jrt=not-a-real-refresh-token");
    assert.equal(refused.id, null);
    assert.match(refused.setCookies, /jrt=;.*Max-Age=0/);
  } finally {
    await close();
  }
});
