/**
 * The OpenAPI document (issue 19 item 5): every route the app registers under /api has its
 * entry (and no entry names a route that is gone), the document is served to anyone at
 * /api/openapi.json with the request schemas the routes validate with, and /api/docs
 * serves the interactive reference, translated, with its scripts from this site.
 */
import assert from "node:assert/strict";
import { loadConfig } from "../../lib/config.ts";
import { createApp } from "../../main.ts";
import { API_DOCS } from "../../routes/api/openapi/registry.ts";
import { loadJwtKey } from "../../services/accounts/secrets.ts";
import { openTestDb } from "../helpers/db.ts";

Deno.test("[api] the OpenAPI document covers every /api route and is served with its reference", async (t) => {
  const testDb = await openTestDb();
  try {
    const app = createApp({
      db: testDb.db,
      config: loadConfig({}),
      jwtKey: await loadJwtKey(testDb.db),
    });

    await t.step("every /api route has an entry, and every entry a route", () => {
      const registered = new Set(
        app.routes
          .filter((route) => route.path.startsWith("/api/") && route.method !== "ALL")
          .map((route) => `${route.method} ${route.path}`),
      );
      const documented = new Set(Object.keys(API_DOCS));
      const missing = [...registered].filter((route) => !documented.has(route));
      const gone = [...documented].filter((route) => !registered.has(route));
      assert.deepEqual(missing, [], "routes missing from routes/api/openapi/registry.ts");
      assert.deepEqual(gone, [], "registry entries for routes the app does not have");
    });

    // deno-lint-ignore no-explicit-any -- the document is read as the JSON it is
    let doc: any;
    await t.step("served to anyone, from the routes' own schemas", async () => {
      const res = await app.request("/api/openapi.json");
      assert.equal(res.status, 200);
      doc = await res.json();
      assert.equal(doc.openapi, "3.1.0");
      const send = doc.paths["/api/messages/send"].post;
      assert.deepEqual(send.security, [{ connectionToken: [] }]);
      const json = send.requestBody.content["application/json"].schema;
      assert.deepEqual(json.required, ["number"]);
      assert.equal(json.properties.body.maxLength, 4096);
      assert.ok(send.requestBody.content["multipart/form-data"].schema.properties.medias);
      // Path parameters come from the route's own pattern, query parameters from its schema.
      const tag = doc.paths["/api/tags/{id}"].get;
      assert.deepEqual(tag.parameters, [{
        name: "id",
        in: "path",
        required: true,
        schema: { type: "string", pattern: "^[0-9]+$" },
      }]);
      const list = doc.paths["/api/tags"].get.parameters.map((p: { name: string }) => p.name);
      assert.deepEqual(list, ["searchParam", "pageNumber"]);
      assert.deepEqual(doc.paths["/api/auth/login"].post.security, []);
    });

    await t.step("operations are well formed: unique ids, every path parameter declared", () => {
      const ids = new Set<string>();
      type Operation = { operationId: string; summary: string; parameters?: unknown[] };
      const paths = Object.entries<Record<string, Operation>>(doc.paths);
      for (const [path, operations] of paths) {
        const placeholders = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        for (const operation of Object.values(operations)) {
          assert.ok(!ids.has(operation.operationId), operation.operationId);
          ids.add(operation.operationId);
          assert.ok(operation.summary);
          const declared = ((operation.parameters ?? []) as { in: string; name: string }[])
            .filter((p) => p.in === "path").map((p) => p.name).sort();
          assert.deepEqual(declared, placeholders, `${path}: path parameters`);
        }
      }
    });

    await t.step("/api/docs: the reference, translated, its scripts from this site", async () => {
      const res = await app.request("/api/docs", { headers: { "Accept-Language": "es" } });
      assert.equal(res.status, 200);
      const page = await res.text();
      assert.match(page, /<html lang="es">/);
      assert.match(page, /<h1>Referencia de la API<\/h1>/);
      const scripts = [...page.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
      assert.deepEqual(scripts, [
        "/static/build/swagger-ui/swagger-ui-bundle.js",
        "/static/api_docs.js",
      ]);
      assert.match(res.headers.get("Content-Security-Policy") ?? "", /script-src 'self'/);
    });
  } finally {
    await testDb.close();
  }
});
