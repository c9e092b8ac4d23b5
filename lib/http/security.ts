/**
 * Security headers for every response. The CSP allows only our own scripts and
 * styles; inline boot scripts carry the per-request nonce set in `c.var.nonce`. The one
 * foreign frame allowed is YouTube's no-cookie player, for the help videos on /helps.
 * Also here: `noStore` for API answers and `corsPolicy` for the origins of CORS_ORIGINS.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.ts";

export interface SecurityHeaderOptions {
  /** Served over https (PUBLIC_URL): browsers are told to never use plain http here again. */
  hsts?: boolean;
}

/** A year, the value browsers' preload lists expect. */
const HSTS_SECONDS = 365 * 24 * 3600;

export function securityHeaders(options: SecurityHeaderOptions = {}): MiddlewareHandler<AppEnv> {
  return async function securityHeadersMiddleware(c, next) {
    const nonce = crypto.randomUUID().replaceAll("-", "");
    c.set("nonce", nonce);
    await next();
    const h = c.res.headers;
    h.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "media-src 'self' blob:",
        "connect-src 'self' ws: wss:",
        // Help videos play in YouTube's privacy-enhanced player (services/helps/youtube.ts).
        "frame-src https://www.youtube-nocookie.com",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "object-src 'none'",
      ].join("; "),
    );
    h.set("X-Content-Type-Options", "nosniff");
    h.set("X-Frame-Options", "DENY");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    h.set("Permissions-Policy", "camera=(), geolocation=(), microphone=(self)");
    if (options.hsts) h.set("Strict-Transport-Security", `max-age=${HSTS_SECONDS}`);
  };
}

/**
 * API answers carry a user's data (media included): no browser or proxy keeps a copy that
 * could be shown after sign-out or to the next user of a shared computer.
 */
export function noStore(): MiddlewareHandler<AppEnv> {
  return async function noStoreMiddleware(c, next) {
    await next();
    c.res.headers.set("Cache-Control", "no-store");
  };
}

const CORS_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE";
const CORS_HEADERS = "Authorization, Content-Type, Accept, Accept-Language";
const CORS_MAX_AGE_SECONDS = 600;

/**
 * CORS for the listed origins only (CORS_ORIGINS), credentials included: a separately hosted
 * frontend or an integrator's page may call the API as the signed-in user. Any other origin
 * gets no CORS header at all, so its browser keeps the answer from it.
 */
export function corsPolicy(origins: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(origins);
  return async function corsMiddleware(c, next) {
    const origin = c.req.header("Origin");
    const listed = origin !== undefined && allowed.has(origin);
    const preflight = c.req.method === "OPTIONS" &&
      c.req.header("Access-Control-Request-Method") !== undefined;
    if (listed && preflight) {
      return c.body(null, 204, {
        "Access-Control-Allow-Origin": origin,
        "Access-Control-Allow-Credentials": "true",
        "Access-Control-Allow-Methods": CORS_METHODS,
        "Access-Control-Allow-Headers": CORS_HEADERS,
        "Access-Control-Max-Age": String(CORS_MAX_AGE_SECONDS),
        Vary: "Origin",
      });
    }
    await next();
    // The answer depends on the Origin, so caches must keep one copy per origin.
    c.res.headers.append("Vary", "Origin");
    if (listed) {
      c.res.headers.set("Access-Control-Allow-Origin", origin);
      c.res.headers.set("Access-Control-Allow-Credentials", "true");
    }
  };
}
