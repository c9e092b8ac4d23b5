/** `GET /api/version` and `GET /api/health`: what is running, and whether it can serve. */
import { Hono } from "hono";
import type { AppEnv } from "../../lib/http/env.ts";
import { VERSION } from "../../lib/version.ts";
import type { WebDeps } from "../deps.ts";
import { sql } from "../../lib/db/mod.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { SYSTEM } from "./openapi/phrases.ts";

export function systemRoutes(deps: WebDeps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();

  routes.get("/version", (c) => c.json({ version: VERSION }));

  routes.get("/health", async (c) => {
    const started = performance.now();
    try {
      await db.query(sql`select 1`);
    } catch (err) {
      console.error(`[${c.get("requestId")}] health check: database unreachable:`, err);
      return c.json({ status: "unavailable", database: "down" }, 503);
    }
    const databaseMs = Math.round((performance.now() - started) * 10) / 10;
    return c.json({ status: "ok", database: db.kind, databaseMs });
  });

  return routes;
}

export const systemDocs: RouteDocs = {
  "GET /version": { tag: SYSTEM, summary: "The installation's version", access: "public" },
  "GET /health": {
    tag: SYSTEM,
    summary: "Health check (the database answers)",
    access: "public",
  },
};
