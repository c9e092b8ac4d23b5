/**
 * Each area's docs sit beside its handlers: an area's router registers exactly the routes its
 * own docs name, so a doc cannot drift into another file or outlive its route.
 */
import assert from "node:assert/strict";
import { loadConfig } from "../../lib/config.ts";
import { webDepsOf } from "../../main.ts";
import { testJwtKey } from "../../tests/helpers/app.ts";
import { openTestDb } from "../../tests/helpers/db.ts";
import { API_AREAS } from "./areas.ts";

Deno.test("api areas: each router's routes are exactly the ones its docs name", async () => {
  const { db, close } = await openTestDb();
  try {
    const deps = webDepsOf({ db, config: loadConfig({}), jwtKey: testJwtKey() });
    for (const area of API_AREAS) {
      const registered = new Set(
        area.routes(deps).routes
          .filter((route) => route.method !== "ALL")
          .map((route) => `${route.method} ${route.path}`),
      );
      const documented = new Set(Object.keys(area.docs));
      const name = area.routes.name;
      assert.deepEqual([...registered].filter((r) => !documented.has(r)), [], `${name}: no doc`);
      assert.deepEqual([...documented].filter((r) => !registered.has(r)), [], `${name}: no route`);
    }
  } finally {
    await close();
  }
});
