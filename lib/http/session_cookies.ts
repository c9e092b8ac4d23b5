/**
 * The two session cookies, set and cleared in one place for the API and the pages.
 * - `token`: the short-lived access JWT. The cookie outlives the token inside it so that an
 *   expired token still reaches the server, which answers 403 and the browser refreshes
 *   instead of signing out (see auth.ts).
 * - `jrt`: the rotating refresh token. Path `/` so that a page load can renew an expired
 *   session before rendering; SameSite=Lax keeps it off cross-site POSTs, and the refresh
 *   endpoint is a POST.
 */
import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { REFRESH_TOKEN_DAYS } from "../auth/tokens.ts";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "./auth.ts";
import type { AppEnv } from "./env.ts";

const SESSION_SECONDS = REFRESH_TOKEN_DAYS * 24 * 3600;

export function setSessionCookies(
  c: Context<AppEnv>,
  tokens: { accessToken: string; refreshToken?: string },
  secure: boolean,
): void {
  const base = {
    httpOnly: true,
    sameSite: "Lax" as const,
    secure,
    path: "/",
    maxAge: SESSION_SECONDS,
  };
  setCookie(c, ACCESS_COOKIE, tokens.accessToken, base);
  if (tokens.refreshToken) setCookie(c, REFRESH_COOKIE, tokens.refreshToken, base);
}

export function clearSessionCookies(c: Context<AppEnv>): void {
  deleteCookie(c, ACCESS_COOKIE, { path: "/" });
  deleteCookie(c, REFRESH_COOKIE, { path: "/" });
}
