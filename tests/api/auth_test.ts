import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { openTestApp } from "../helpers/app.ts";
import { loadConfig } from "../../lib/config.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { ensureFirstStart } from "../../services/accounts/bootstrap.ts";
import { loadJwtKey } from "../../services/accounts/secrets.ts";
import { cookiesOf } from "../helpers/sign_in.ts";

type App = Awaited<ReturnType<typeof openTestApp>>["app"];

function post(app: App, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

Deno.test("[api] /api/auth", async (t) => {
  const { app, db, close } = await openTestApp();
  try {
    const companyId = await createTestCompany(db);
    const user = await createTestUser(db, companyId);
    const credentials = { email: user.email, password: user.password };

    await t.step("login refuses a wrong password and an unknown e-mail alike", async () => {
      for (
        const body of [{ ...credentials, password: "wrong" }, {
          ...credentials,
          email: "nobody@example.com",
        }]
      ) {
        const res = await post(app, "/api/auth/login", body);
        assert.equal(res.status, 401);
        assert.deepEqual(await res.json(), { error: "ERR_INVALID_CREDENTIALS" });
        assert.equal(res.headers.getSetCookie().length, 0);
      }
    });

    await t.step("login validates its body", async () => {
      const res = await post(app, "/api/auth/login", { email: "not-an-email", password: "" });
      assert.equal(res.status, 400);
      const body = await res.json();
      assert.equal(body.error, "ERR_VALIDATION");
      assert.deepEqual(body.fields.email, { code: "ERR_INVALID_EMAIL" });
      assert.ok(body.fields.password);
    });

    let refreshCookie = "";
    let accessToken = "";
    await t.step("login answers {token, user} with company, due date and settings", async () => {
      const res = await post(app, "/api/auth/login", {
        ...credentials,
        email: user.email.toUpperCase(),
      });
      assert.equal(res.status, 200);
      const body = await res.json();
      assert.equal(body.user.id, user.id);
      assert.equal(body.user.company.id, companyId);
      assert.match(body.user.company.dueDate, /^\d{4}-\d{2}-\d{2}$/);
      assert.ok(body.user.company.settings.some((s: { key: string }) => s.key === "userRating"));
      assert.equal(body.user.tokenVersion, undefined, "server-only fields stay on the server");
      assert.equal(JSON.stringify(body).includes("password"), false);
      const cookies = cookiesOf(res);
      assert.equal(cookies.token, body.token);
      assert.ok(cookies.jrt);
      const setCookie = res.headers.getSetCookie().join("\n");
      assert.match(setCookie, /token=[^;]+;.*HttpOnly/);
      assert.match(setCookie, /jrt=[^;]+;.*Path=\/;.*HttpOnly.*SameSite=Lax/);
      accessToken = body.token;
      refreshCookie = cookies.jrt!;
    });

    await t.step("me answers the user by cookie or Bearer, and 401 without", async () => {
      for (
        const headers of [{ Cookie: `token=${accessToken}` } as Record<string, string>, {
          Authorization: `Bearer ${accessToken}`,
        }]
      ) {
        const res = await app.request("/api/auth/me", { headers });
        assert.equal(res.status, 200);
        assert.equal((await res.json()).email, user.email);
      }
      const res = await app.request("/api/auth/me");
      assert.equal(res.status, 401);
      assert.deepEqual(await res.json(), { error: "ERR_SESSION_EXPIRED" });
      const forged = await app.request("/api/auth/me", {
        headers: { Authorization: `Bearer ${accessToken}x` },
      });
      assert.equal(forged.status, 403, "a bad token asks for a refresh, not a sign-out");
    });

    let rotated = "";
    await t.step("refresh_token rotates the refresh token", async () => {
      const res = await post(app, "/api/auth/refresh_token", undefined, {
        Cookie: `jrt=${refreshCookie}`,
      });
      assert.equal(res.status, 200);
      const body = await res.json();
      assert.equal(body.user.id, user.id);
      rotated = cookiesOf(res).jrt!;
      assert.ok(rotated && rotated !== refreshCookie);
    });

    await t.step(
      "the old token again within the grace window: an access token, no new refresh",
      async () => {
        const res = await post(app, "/api/auth/refresh_token", undefined, {
          Cookie: `jrt=${refreshCookie}`,
        });
        assert.equal(res.status, 200);
        assert.equal(cookiesOf(res).jrt, undefined);
      },
    );

    await t.step(
      "reuse of a rotated token after the grace window revokes the whole family",
      async () => {
        await db.run(
          sql`update refresh_tokens set used_at = now() - interval '1 hour' where used_at is not null`,
        );
        const reuse = await post(app, "/api/auth/refresh_token", undefined, {
          Cookie: `jrt=${refreshCookie}`,
        });
        assert.equal(reuse.status, 401);
        assert.deepEqual(await reuse.json(), { error: "ERR_SESSION_EXPIRED" });
        const current = await post(app, "/api/auth/refresh_token", undefined, {
          Cookie: `jrt=${rotated}`,
        });
        assert.equal(current.status, 401, "the newest token of the family is revoked too");
      },
    );

    await t.step("refresh without a cookie is refused", async () => {
      const res = await post(app, "/api/auth/refresh_token");
      assert.equal(res.status, 401);
    });

    await t.step("logout revokes the sign-in and clears the cookies", async () => {
      const login = await post(app, "/api/auth/login", credentials);
      const { token, jrt } = cookiesOf(login);
      const res = await app.request("/api/auth/logout", {
        method: "DELETE",
        headers: { Cookie: `token=${token}; jrt=${jrt}` },
      });
      assert.equal(res.status, 204);
      assert.match(res.headers.getSetCookie().join("\n"), /token=;.*Max-Age=0/);
      const again = await post(app, "/api/auth/refresh_token", undefined, { Cookie: `jrt=${jrt}` });
      assert.equal(again.status, 401);
      const anonymous = await app.request("/api/auth/logout", { method: "DELETE" });
      assert.equal(anonymous.status, 401);
    });

    await t.step("a cookie-authenticated call from another site is refused", async () => {
      const login = await post(app, "/api/auth/login", credentials);
      const { token } = cookiesOf(login);
      const res = await app.request("/api/auth/logout", {
        method: "DELETE",
        headers: { Cookie: `token=${token}`, Origin: "https://evil.example", Host: "localhost" },
      });
      assert.equal(res.status, 403);
      assert.deepEqual(await res.json(), { error: "ERR_CROSS_SITE_REQUEST" });
      const sameSite = await app.request("http://localhost/api/auth/me", {
        headers: { Cookie: `token=${token}`, Origin: "http://localhost" },
      });
      assert.equal(sameSite.status, 200);
    });

    await t.step("a token version bump signs the user out everywhere at once", async () => {
      const login = await post(app, "/api/auth/login", credentials);
      const { token } = cookiesOf(login);
      await db.run(sql`update users set token_version = token_version + 1 where id = ${user.id}`);
      const res = await app.request("/api/auth/me", { headers: { Cookie: `token=${token}` } });
      assert.equal(res.status, 403);
      assert.deepEqual(await res.json(), { error: "ERR_SESSION_EXPIRED" });
    });

    await t.step("a company whose due date is not in the future cannot sign in", async () => {
      const expired = await createTestCompany(db, { dueInDays: 0 });
      // Its admins get a session for paying only (tests/api/billing_blocked_test.ts).
      const expiredUser = await createTestUser(db, expired, { profile: "user" });
      const res = await post(app, "/api/auth/login", {
        email: expiredUser.email,
        password: expiredUser.password,
      });
      assert.equal(res.status, 403);
      const body = await res.json();
      assert.equal(body.error, "ERR_SUBSCRIPTION_EXPIRED");
      assert.match(body.dueDate, /^\d{4}-\d{2}-\d{2}$/);
      const inactive = await createTestUser(db, await createTestCompany(db, { status: false }));
      const refused = await post(app, "/api/auth/login", {
        email: inactive.email,
        password: inactive.password,
      });
      assert.deepEqual(await refused.json(), { error: "ERR_COMPANY_INACTIVE" });
    });
  } finally {
    await close();
  }
});

Deno.test("[api] first start creates the super user once; the JWT key is generated and kept", async () => {
  const { db, close } = await openTestApp();
  try {
    const created = await ensureFirstStart(db, { email: "Boss@Example.com" });
    assert.equal(created?.email, "boss@example.com");
    assert.ok(created?.generatedPassword && created.generatedPassword.length >= 12);
    assert.equal(await ensureFirstStart(db, {}), null, "a second start creates nothing");
    const row = await db.one<{ super: boolean; profile: string; company_id: number }>(
      sql`select super, profile, company_id from users where email = 'boss@example.com'`,
    );
    assert.deepEqual(row, { super: true, profile: "admin", company_id: row.company_id });
    const given = await ensureFirstStart(db, { password: "chosen-pass" });
    assert.equal(given, null);

    const first = await loadJwtKey(db);
    const second = await loadJwtKey(db);
    assert.deepEqual(first, second);
    assert.ok(first.length >= 48);
    assert.deepEqual(
      await loadJwtKey(db, "x".repeat(32)),
      new TextEncoder().encode("x".repeat(32)),
    );
  } finally {
    await close();
  }
});

Deno.test("[api] behind a trusted proxy, login limits count each caller's forwarded address", async () => {
  const { app, close } = await openTestApp({
    config: loadConfig({ DATA_DIR: "./test-data", TRUST_PROXY: "1" }),
  });
  try {
    const login = (forwardedFor: string) =>
      app.request("/api/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor },
        body: JSON.stringify({ email: `nobody-${crypto.randomUUID()}@example.com`, password: "x" }),
      });
    // The per-address limit is 30 a window: one caller runs out, another is still served.
    let last: Response | undefined;
    for (let i = 0; i < 31; i++) {
      last = await login(`198.51.100.${i}, 203.0.113.7`);
      await last.body?.cancel();
    }
    assert.equal(last!.status, 429, "a forged left-hand entry does not escape the limit");
    const other = await login("203.0.113.8");
    assert.equal(other.status, 401);
    await other.body?.cancel();
  } finally {
    await close();
  }
});
