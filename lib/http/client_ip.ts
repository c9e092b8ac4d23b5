/**
 * The caller's address, for rate limits. Behind a reverse proxy every request comes from the
 * proxy, so limits per address would lock everybody out together: with `TRUST_PROXY=N` the
 * address is read from `X-Forwarded-For`, N entries from its right end (the ones the trusted
 * proxies appended; entries further left are the caller's own claim and are not believed).
 */
import type { Context, MiddlewareHandler } from "hono";
import { getConnInfo } from "hono/deno";
import type { AppEnv } from "./env.ts";

function connectionAddress(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // app.request() in tests has no connection
  }
}

/** The address `trustedProxies` hops away, from the header and the connection. */
export function forwardedAddress(
  forwardedFor: string | undefined,
  connection: string,
  trustedProxies: number,
): string {
  if (trustedProxies <= 0 || !forwardedFor) return connection;
  const hops = forwardedFor.split(",").map((part) => part.trim()).filter(Boolean);
  // The last proxy is the connection itself; each proxy before it appended one entry.
  const index = hops.length - trustedProxies;
  return hops[Math.max(index, 0)] ?? connection;
}

/** Puts the caller's address on the request for `clientIp`. */
export function resolveClientIp(trustedProxies: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set(
      "clientIp",
      forwardedAddress(c.req.header("X-Forwarded-For"), connectionAddress(c), trustedProxies),
    );
    await next();
  };
}

export function clientIp(c: Context<AppEnv>): string {
  return c.get("clientIp") ?? connectionAddress(c);
}
