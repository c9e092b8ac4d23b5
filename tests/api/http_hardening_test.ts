/**
 * Cross-site requests, origins and response headers of the API (issue 15, security 6 and 7,
 * and CORS_ORIGINS): what a browser on another site can and cannot do with a user's cookies.
 */
import assert from "node:assert/strict";
import { loadConfig } from "../../lib/config.ts";
import { createHub, LocalBroker } from "../../lib/realtime/mod.ts";
import { openTestApp } from "../helpers/app.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { signIn } from "../helpers/sign_in.ts";
import { okTokenAuth, serveOnFreePort, TestClient } from "../helpers/ws.ts";

const FRONT = "https://front.example.com";

Deno.test("[api] cross-site guard, origins, CORS and API headers", async (t) => {
  const hub = await createHub({
    broker: new LocalBroker(),
    // These steps are about origins, not sessions.
    authenticate: okTokenAuth,
    authorizeJoin: () => Promise.resolve(null),
  });
  const { app, db, close } = await openTestApp({
    hub,
    config: loadConfig({
      DATA_DIR: "./test-data",
      PUBLIC_URL: "https://balcao.example.com",
      CORS_ORIGINS: FRONT,
    }),
  });
  const plain = await openTestApp();
  const plainApp = plain.app;
  try {
    const companyId = await createTestCompany(db);
    const user = await createTestUser(db, companyId);

    await t.step("an invalid Authorization header does not switch the CSRF guard off", async () => {
      const session = await signIn(app, user);
      const res = await app.request("http://balcao.example.com/api/auth/logout", {
        method: "DELETE",
        headers: {
          Cookie: session.cookie,
          Authorization: "Bearer not-a-token",
          Origin: "https://evil.example",
        },
      });
      assert.equal(res.status, 403);
      assert.deepEqual(await res.json(), { error: "ERR_CROSS_SITE_REQUEST" });
      // A valid bearer token carries no ambient credential: another origin may use it.
      const bearer = await app.request("http://balcao.example.com/api/auth/logout", {
        method: "DELETE",
        headers: { Authorization: `Bearer ${session.token}`, Origin: "https://evil.example" },
      });
      assert.equal(bearer.status, 204);
    });

    await t.step("a malformed Origin is a clear 403, never a 500", async () => {
      const session = await signIn(app, user);
      for (const origin of ["garbage", "http://", "://x"]) {
        const res = await app.request("http://balcao.example.com/api/auth/logout", {
          method: "DELETE",
          headers: { Cookie: session.cookie, Origin: origin },
        });
        assert.equal(res.status, 403, origin);
        assert.deepEqual(await res.json(), { error: "ERR_CROSS_SITE_REQUEST" });
      }
    });

    await t.step("/ws refuses other origins and garbage with 403 JSON", async () => {
      for (const origin of ["https://evil.example", "garbage", "null"]) {
        const res = await app.request("http://balcao.example.com/ws?token=ok", {
          headers: { upgrade: "websocket", Origin: origin },
        });
        assert.equal(res.status, 403, origin);
        assert.deepEqual(await res.json(), { error: "ERR_CROSS_SITE_REQUEST" });
      }
    });

    await t.step("/ws accepts PUBLIC_URL, CORS_ORIGINS and its own origin", async () => {
      const server = serveOnFreePort(app.fetch);
      try {
        const own = server.wsUrl.replace(/^ws/, "http").replace(/\/ws$/, "");
        for (const origin of ["https://balcao.example.com", FRONT, own]) {
          const client = await TestClient.connect(`${server.wsUrl}?token=ok`, {
            headers: { Origin: origin },
          });
          await client.close();
        }
      } finally {
        await server.close();
      }
    });

    await t.step("every /api answer says Cache-Control: no-store", async () => {
      const session = await signIn(app, user);
      const answers = [
        await app.request("/api/auth/me", { headers: { Cookie: session.cookie } }),
        await app.request("/api/auth/me"),
        await app.request("/api/no-such-thing"),
        await app.request("/api/users/1", { headers: { Cookie: session.cookie } }),
      ];
      for (const res of answers) {
        assert.equal(res.headers.get("Cache-Control"), "no-store", res.url);
        await res.body?.cancel();
      }
    });

    await t.step("HSTS only when PUBLIC_URL is https", async () => {
      const https = await app.request("/api/auth/me");
      assert.match(https.headers.get("Strict-Transport-Security") ?? "", /max-age=\d{7,}/);
      const http = await plainApp.request("/api/auth/me");
      assert.equal(http.headers.get("Strict-Transport-Security"), null);
      await https.body?.cancel();
      await http.body?.cancel();
    });

    await t.step("?token= signs in only where a browser cannot send a header", async () => {
      const session = await signIn(app, user);
      const me = await app.request(`/api/auth/me?token=${session.token}`);
      assert.equal(me.status, 401, "an API route wants the header or the cookie");
      await me.body?.cancel();
      const media = await app.request(
        `/api/media/${companyId}/contacts/none.jpg?token=${session.token}`,
      );
      assert.equal(media.status, 404, "signed in: the file simply is not there");
      const anonymous = await app.request(`/api/media/${companyId}/contacts/none.jpg`);
      assert.equal(anonymous.status, 401);
      await media.body?.cancel();
      await anonymous.body?.cancel();
    });

    await t.step("CORS: the listed origin gets a preflight with credentials", async () => {
      const preflight = await app.request("/api/auth/me", {
        method: "OPTIONS",
        headers: {
          Origin: FRONT,
          "Access-Control-Request-Method": "PUT",
          "Access-Control-Request-Headers": "authorization, content-type",
        },
      });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get("Access-Control-Allow-Origin"), FRONT);
      assert.equal(preflight.headers.get("Access-Control-Allow-Credentials"), "true");
      assert.match(preflight.headers.get("Access-Control-Allow-Methods") ?? "", /PUT/);
      assert.match(
        preflight.headers.get("Access-Control-Allow-Headers")?.toLowerCase() ?? "",
        /authorization.*content-type|content-type.*authorization/,
      );
      assert.match(preflight.headers.get("Vary") ?? "", /Origin/);
    });

    await t.step("CORS: its actual requests pass, with cookies, the CSRF guard too", async () => {
      const session = await signIn(app, user);
      const me = await app.request("http://balcao.example.com/api/auth/me", {
        headers: { Origin: FRONT, Cookie: session.cookie },
      });
      assert.equal(me.status, 200);
      assert.equal(me.headers.get("Access-Control-Allow-Origin"), FRONT);
      assert.equal(me.headers.get("Access-Control-Allow-Credentials"), "true");
      await me.body?.cancel();
      const logout = await app.request("http://balcao.example.com/api/auth/logout", {
        method: "DELETE",
        headers: { Origin: FRONT, Cookie: session.cookie, "Sec-Fetch-Site": "cross-site" },
      });
      assert.equal(logout.status, 204);
    });

    await t.step("CORS: other origins, and every origin when unset, get nothing", async () => {
      const cases = [
        { target: app, origin: "https://evil.example" },
        { target: plainApp, origin: FRONT },
      ];
      for (const { target, origin } of cases) {
        const preflight = await target.request("/api/auth/me", {
          method: "OPTIONS",
          headers: { Origin: origin, "Access-Control-Request-Method": "PUT" },
        });
        assert.equal(preflight.headers.get("Access-Control-Allow-Origin"), null);
        assert.equal(preflight.headers.get("Access-Control-Allow-Credentials"), null);
        await preflight.body?.cancel();
        const get = await target.request("/api/auth/me", { headers: { Origin: origin } });
        assert.equal(get.headers.get("Access-Control-Allow-Origin"), null);
        assert.equal(get.headers.get("Access-Control-Allow-Credentials"), null);
        await get.body?.cancel();
      }
    });
  } finally {
    await hub.close();
    await close();
    await plain.close();
  }
});
