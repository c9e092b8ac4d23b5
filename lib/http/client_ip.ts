import type { Context } from "hono";
import { getConnInfo } from "hono/deno";
import type { AppEnv } from "./env.ts";

/** The caller's address, for rate limits. */
export function clientIp(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // app.request() in tests has no connection
  }
}
