/**
 * A sweep over every API route the app registers: without a session, each one refuses
 * (401), except the few that are public on purpose, listed here with the reason. A new
 * route that forgets its guard fails this test without anybody having to remember it.
 */
import assert from "node:assert/strict";
import { openTestApp } from "../helpers/app.ts";

/** Public API routes ("METHOD path"), each for a reason. */
const PUBLIC_ROUTES = new Set([
  "GET /api/version", // shown on public pages and in the menu
  "GET /api/health", // for load balancers and uptime checks
  "POST /api/auth/login", // signing in
  "POST /api/auth/refresh_token", // authenticated by the refresh cookie, not the access token
  "GET /api/plans/list", // the sign-up page's plan picker
  "GET /api/plans/all", // the same, as the original sign-up screen calls it (public fields)
  "POST /api/companies/cadastro", // self sign-up
  "POST /api/forgetpassword", // password reset, step 1
  "POST /api/forgetpassword/:email", // the same, the e-mail in the path
  "POST /api/resetpasswords", // password reset, step 2 (authenticated by the e-mailed code)
  "POST /api/resetpasswords/:email/:token/:newPassword", // the same, values in the path
  // The Pix provider's notification: the secret path token, then the provider's read-back.
  "POST /api/subscription/webhook/:secret",
  "POST /api/subscription/webhook/:secret/pix", // the same, as Efí addresses it
  // The integrators' API reference: integrators read it before they have a token, and it
  // describes routes and fields only (no company data, no secret).
  "GET /api/openapi.json",
  "GET /api/docs",
]);

/** Any id-like parameter gets a plausible value; the guard must answer before any lookup. */
function concretePath(path: string): string {
  return path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, "1");
}

Deno.test("[api] every non-public API route refuses anonymous callers", async () => {
  const { app, close } = await openTestApp();
  try {
    const routes = app.routes.filter((route) =>
      route.path.startsWith("/api/") && !route.path.includes("*") && route.method !== "ALL"
    );
    assert.ok(routes.length >= 6, "the sweep sees the API routes");
    const unguarded: string[] = [];
    for (const route of routes) {
      const name = `${route.method} ${route.path}`;
      if (PUBLIC_ROUTES.has(name)) continue;
      const res = await app.request(concretePath(route.path), {
        method: route.method,
        headers: { "Content-Type": "application/json" },
        body: route.method === "GET" || route.method === "HEAD" ? undefined : "{}",
      });
      await res.body?.cancel();
      if (res.status !== 401) unguarded.push(`${name} → ${res.status}`);
    }
    assert.deepEqual(unguarded, [], "routes answering an anonymous caller");
  } finally {
    await close();
  }
});
