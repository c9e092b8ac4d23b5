/**
 * The signed-in user of a page request. Pages are not behind the API's middleware, so this
 * reads the access cookie itself; when the access token has expired but the refresh cookie
 * is still good, the session is renewed here (new cookies on the response) so that opening a
 * bookmarked page after a coffee break does not bounce through /login.
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { ACCESS_COOKIE, type Principal, principalOf, REFRESH_COOKIE } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { AppError } from "../../lib/http/errors.ts";
import { clearSessionCookies, setSessionCookies } from "../../lib/http/session_cookies.ts";
import { accountPrincipals } from "../../services/accounts/principals.ts";
import { findSessionUserById, type SessionUser } from "../../services/accounts/session_user.ts";
import { refresh } from "../../services/accounts/sessions.ts";
import type { WebDeps } from "../deps.ts";

/** The part of the web dependencies a page's session check uses. */
export type PageSessionDeps = Pick<WebDeps, "db" | "jwtKey" | "secureCookies">;

/** The signed-in user, and which sign-in this browser holds (null for older tokens). */
export type PageSession = SessionUser & { sessionId: string | null };

export async function pageSession(
  c: Context<AppEnv>,
  deps: PageSessionDeps,
): Promise<PageSession | null> {
  const principal = await principalOf(accountPrincipals(deps.db), deps.jwtKey, c.req.raw, {
    cookie: getCookie(c, ACCESS_COOKIE),
  });
  if (principal) {
    const user = await findSessionUserById(deps.db, principal.userId);
    return user && { ...user, sessionId: principal.sessionId ?? null };
  }

  const refreshToken = getCookie(c, REFRESH_COOKIE);
  if (!refreshToken) return null;
  try {
    const session = await refresh(deps.db, deps.jwtKey, refreshToken);
    setSessionCookies(c, session, deps.secureCookies);
    return { ...session.user, sessionId: session.sessionId };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    clearSessionCookies(c); // refused (expired, revoked, company expired): start over
    return null;
  }
}

/** The page's user as the API's permission checks see a caller. */
export function principalOfPage(user: PageSession): Principal {
  return {
    userId: user.id,
    companyId: user.companyId,
    profile: user.profile,
    super: user.super,
    tokenVersion: user.tokenVersion,
    ...(user.sessionId ? { sessionId: user.sessionId } : {}),
  };
}
