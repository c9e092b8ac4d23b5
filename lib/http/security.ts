/**
 * Security headers for every response. The CSP allows only our own scripts and
 * styles; inline boot scripts carry the per-request nonce set in `c.var.nonce`. The one
 * foreign frame allowed is YouTube's no-cookie player, for the help videos on /helps.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.ts";

export function securityHeaders(): MiddlewareHandler<AppEnv> {
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
  };
}
