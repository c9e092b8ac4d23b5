/**
 * Cross-site request checks.
 *
 * - `crossSiteGuard`: unsafe API calls that are not authenticated by a valid Bearer token
 *   (so they may ride on the browser's cookies) must come from this site or a trusted origin.
 *   Browsers send `Origin` (and `Sec-Fetch-Site`) on every cross-origin unsafe request, so one
 *   that names another origin is refused. Requests without them come from non-browser
 *   clients, which cannot be made to carry a victim's cookies. A valid Bearer token carries no
 *   ambient credential, so it needs no check; an invalid one must not switch the check off.
 * - `originAllowed` is the same origin test for the `/ws` upgrade, which browsers let any
 *   page open with the user's cookies.
 */
import type { MiddlewareHandler } from "hono";
import { AppError } from "./errors.ts";
import type { AppEnv } from "./env.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin (`scheme://host[:port]`) an `Origin` header names, or null when it is not one. */
function parsedOrigin(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * Whether a request's `Origin` is acceptable: absent (not a browser), this server's own host,
 * or one of `trusted` (PUBLIC_URL's origin and CORS_ORIGINS). `null` and garbage are not.
 */
export function originAllowed(request: Request, trusted: ReadonlySet<string>): boolean {
  const origin = request.headers.get("Origin");
  if (origin === null) return true;
  const url = parsedOrigin(origin);
  if (!url) return false;
  if (trusted.has(url.origin)) return true;
  const host = request.headers.get("Host") ?? new URL(request.url).host;
  return url.host === host;
}

/** Refuses an upgrade or call from an origin `originAllowed` does not accept (403 JSON). */
export function assertOriginAllowed(request: Request, trusted: ReadonlySet<string>): void {
  if (!originAllowed(request, trusted)) throw new AppError("ERR_CROSS_SITE_REQUEST", 403);
}

/** Runs after `authenticate`, which tells it whether a valid Bearer token signed the call in. */
export function crossSiteGuard(trusted: ReadonlySet<string>): MiddlewareHandler<AppEnv> {
  return async function crossSiteGuardMiddleware(c, next) {
    if (!SAFE_METHODS.has(c.req.method) && !c.get("bearer")) {
      const request = c.req.raw;
      const hasOrigin = request.headers.has("Origin");
      const crossSite = c.req.header("Sec-Fetch-Site") === "cross-site";
      // Without an Origin, only Sec-Fetch-Site can tell; with one, the origin decides (a
      // trusted origin is cross-site by nature).
      if (hasOrigin ? !originAllowed(request, trusted) : crossSite) {
        throw new AppError("ERR_CROSS_SITE_REQUEST", 403);
      }
    }
    await next();
  };
}
