/**
 * Cross-site request check for cookie-authenticated calls. Browsers send `Origin` (and
 * `Sec-Fetch-Site`) on every cross-origin unsafe request, so one that names another origin
 * is refused. Requests without them come from non-browser clients, which cannot be made to
 * carry a victim's cookies, and Bearer-token calls carry no ambient credential at all.
 */
import type { MiddlewareHandler } from "hono";
import { AppError } from "./errors.ts";
import type { AppEnv } from "./env.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function crossSiteGuard(): MiddlewareHandler<AppEnv> {
  return async function crossSiteGuardMiddleware(c, next) {
    if (!SAFE_METHODS.has(c.req.method) && !c.req.header("Authorization")) {
      const origin = c.req.header("Origin");
      const site = c.req.header("Sec-Fetch-Site");
      const host = c.req.header("Host") ?? new URL(c.req.url).host;
      const foreignOrigin = origin !== undefined && origin !== "null" &&
        new URL(origin).host !== host;
      if (foreignOrigin || origin === "null" || site === "cross-site") {
        throw new AppError("ERR_CROSS_SITE_REQUEST", 403);
      }
    }
    await next();
  };
}
