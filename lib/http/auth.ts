/**
 * Who is calling: the access token from the `token` httpOnly cookie or an
 * `Authorization: Bearer` header, checked against the user's current token version and the
 * company's standing on every request, so a sign-out everywhere takes effect at once.
 */
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { type Db, sql } from "../db/mod.ts";
import { type AccessClaims, verifyAccessToken } from "../auth/tokens.ts";
import { AppError } from "./errors.ts";
import type { AppEnv } from "./env.ts";

export const ACCESS_COOKIE = "token";
export const REFRESH_COOKIE = "jrt";

export type Principal = AccessClaims;

function tokenFrom(request: Request, cookieToken: string | undefined): string | undefined {
  const header = request.headers.get("Authorization");
  if (header?.startsWith("Bearer ")) return header.slice(7).trim();
  return cookieToken ?? new URL(request.url).searchParams.get("token") ?? undefined;
}

/** The principal of a request, or null when it carries no valid session. */
export async function principalOf(
  db: Db,
  key: Uint8Array,
  request: Request,
  cookieToken?: string,
): Promise<Principal | null> {
  const token = tokenFrom(request, cookieToken);
  if (!token) return null;
  const claims = await verifyAccessToken(token, key);
  if (!claims) return null;
  const row = await db.maybeOne<
    { token_version: number; active: boolean; profile: "user" | "admin"; super: boolean }
  >(sql`
    select u.token_version, u.profile, u.super,
           u.super or (c.status and (c.due_date is null or c.due_date > current_date)) as active
    from users u join companies c on c.id = u.company_id
    where u.id = ${claims.userId} and u.company_id = ${claims.companyId}`);
  if (!row || row.token_version !== claims.tokenVersion || !row.active) return null;
  // The profile is read fresh: a demotion takes effect on the next call, not at token expiry.
  return { ...claims, profile: row.profile, super: row.super };
}

/**
 * Sets `c.var.auth` when the request is signed in, and `c.var.staleToken` when it carried a
 * token that is no longer good; never refuses by itself.
 */
export function authenticate(db: Db, key: Uint8Array): MiddlewareHandler<AppEnv> {
  return async function authenticateMiddleware(c, next) {
    const cookieToken = getCookie(c, ACCESS_COOKIE);
    const principal = await principalOf(db, key, c.req.raw, cookieToken);
    if (principal) c.set("auth", principal);
    else if (tokenFrom(c.req.raw, cookieToken)) c.set("staleToken", true);
    await next();
  };
}

/**
 * The signed-in caller. Without any token: 401, the browser signs out. With a token that
 * expired or was superseded: 403, which tells the browser to refresh the session once and
 * retry (core §4 "Session"); if the refresh is refused too, it signs out.
 */
export function requireAuth(c: Context<AppEnv>): Principal {
  const auth = c.get("auth");
  if (auth) return auth;
  throw new AppError("ERR_SESSION_EXPIRED", c.get("staleToken") ? 403 : 401);
}
