/**
 * Serves `static/` under `/static/*`: the logo, the favicon and built assets. Hashed files
 * in `static/build/` never change, so they are cached for a year; the rest for an hour.
 * If the islands layer brings its own asset route, keep this one for the plain files only.
 */
import { Hono } from "hono";
import { extname, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import type { AppEnv } from "../lib/http/env.ts";

const STATIC_DIR = fileURLToPath(new URL("../static/", import.meta.url));

const TYPES: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".json": "application/json",
  ".woff2": "font/woff2",
};

export function staticRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/static/*", async (c, next) => {
    const relative = normalize(decodeURIComponent(c.req.path.slice("/static/".length)));
    const type = TYPES[extname(relative)];
    // normalize() resolves "..": anything still climbing out of static/ is refused.
    if (!type || relative.startsWith("..") || relative.startsWith("/")) return next();
    let body: Uint8Array;
    try {
      body = await Deno.readFile(STATIC_DIR + relative);
    } catch {
      return next();
    }
    const immutable = relative.startsWith("build/");
    return c.body(body as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": type,
      "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    });
  });
  return routes;
}
