import assert from "node:assert/strict";
import { z } from "zod";
import { openTestApp, testJwtKey } from "../helpers/app.ts";
import { AppError } from "../../lib/http/errors.ts";
import { validateJson } from "../../lib/http/validate.ts";
import denoConfig from "../../deno.json" with { type: "json" };

Deno.test("[api] system endpoints, errors and headers", async (t) => {
  const { app, db, close } = await openTestApp();
  // Routes that exist only in this test, to reach the error paths (POST: the pages' GET
  // catch-all, registered earlier, would otherwise answer them).
  app.post("/api-test/boom", () => {
    throw new Error("secret detail: password=hunter2");
  });
  app.post("/api-test/conflict", () => {
    throw new AppError("ERR_SOMETHING_TAKEN", 409);
  });
  app.post("/api-test/echo", async (c) => {
    const body = await validateJson(c, z.object({ name: z.string().min(2), age: z.number() }));
    return c.json(body);
  });

  try {
    await t.step("GET /api/version answers the version from deno.json", async () => {
      const res = await app.request("/api/version");
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { version: denoConfig.version });
    });

    await t.step("GET /api/health checks the database", async () => {
      const res = await app.request("/api/health");
      assert.equal(res.status, 200);
      const body = await res.json();
      assert.equal(body.status, "ok");
      assert.equal(body.database, db.kind);
    });

    await t.step("an unknown API path answers ERR_NOT_FOUND as JSON", async () => {
      const res = await app.request("/api/no-such-thing");
      assert.equal(res.status, 404);
      assert.deepEqual(await res.json(), { error: "ERR_NOT_FOUND" });
    });

    await t.step("an AppError answers its code and status", async () => {
      const res = await app.request("/api-test/conflict", { method: "POST" });
      assert.equal(res.status, 409);
      assert.deepEqual(await res.json(), { error: "ERR_SOMETHING_TAKEN" });
    });

    await t.step("an unexpected error answers 500 with a request id and no internals", async () => {
      const originalError = console.error;
      const logged: unknown[][] = [];
      console.error = (...args: unknown[]) => logged.push(args);
      try {
        const res = await app.request("/api-test/boom", { method: "POST" });
        assert.equal(res.status, 500);
        const text = await res.text();
        assert.doesNotMatch(text, /hunter2|secret detail|at /);
        const body = JSON.parse(text);
        assert.equal(body.error, "ERR_INTERNAL");
        assert.equal(body.requestId, res.headers.get("X-Request-Id"));
        assert.ok(String(logged[0]?.[0]).includes(body.requestId), "the log names the request id");
      } finally {
        console.error = originalError;
      }
    });

    await t.step("validation answers 400 with a message per field", async () => {
      const res = await app.request("/api-test/echo", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "a" }),
      });
      assert.equal(res.status, 400);
      const body = await res.json();
      assert.equal(body.error, "ERR_VALIDATION");
      assert.deepEqual(Object.keys(body.fields).sort(), ["age", "name"]);
    });

    await t.step("a body that is not JSON answers ERR_INVALID_JSON", async () => {
      const res = await app.request("/api-test/echo", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{not json",
      });
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { error: "ERR_INVALID_JSON" });
    });

    await t.step("an API body over the limit answers 413", async () => {
      const res = await app.request("/api/version", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "x".repeat(1024 * 1024 + 1),
      });
      assert.equal(res.status, 413);
      assert.deepEqual(await res.json(), { error: "ERR_PAYLOAD_TOO_LARGE" });
    });

    await t.step("responses carry the security headers", async () => {
      const res = await app.request("/api/version");
      const csp = res.headers.get("Content-Security-Policy") ?? "";
      assert.match(csp, /default-src 'self'/);
      assert.match(csp, /script-src 'self' 'nonce-[0-9a-f]{32}'/);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.equal(res.headers.get("X-Content-Type-Options"), "nosniff");
      assert.equal(res.headers.get("X-Frame-Options"), "DENY");
      assert.equal(res.headers.get("Referrer-Policy"), "strict-origin-when-cross-origin");
    });
  } finally {
    await close();
  }
});

Deno.test("[api] health answers 503 when the database is gone", async () => {
  const { app, db, close } = await openTestApp();
  const originalError = console.error;
  console.error = () => {};
  try {
    const broken = { ...db, query: () => Promise.reject(new Error("connection refused")) };
    const { createApp } = await import("../../main.ts");
    const { loadConfig } = await import("../../lib/config.ts");
    const brokenApp = createApp({ db: broken, config: loadConfig({}), jwtKey: testJwtKey() });
    const res = await brokenApp.request("/api/health");
    assert.equal(res.status, 503);
    assert.deepEqual(await res.json(), { status: "unavailable", database: "down" });
    assert.equal((await app.request("/api/health")).status, 200);
  } finally {
    console.error = originalError;
    await close();
  }
});
