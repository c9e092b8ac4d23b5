/** `/api/auth`: login, refresh_token, logout and me (core §7). */
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import { REFRESH_COOKIE, requireAuth } from "../../lib/http/auth.ts";
import { clearSessionCookies, setSessionCookies } from "../../lib/http/session_cookies.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { AppError } from "../../lib/http/errors.ts";
import { clientIp } from "../../lib/http/client_ip.ts";
import { validateJson } from "../../lib/http/validate.ts";
import type { WebDeps } from "../deps.ts";
import {
  billingOnly,
  type IssuedSession,
  login,
  logout,
  refresh,
} from "../../services/accounts/sessions.ts";
import { findSessionUserById, publicUser } from "../../services/accounts/session_user.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";

export const LoginBody = z.object({
  email: z.string().trim().email(),
  password: z.string().min(1).max(200),
});

export function authRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  function answerWithSession(c: Context<AppEnv>, session: IssuedSession) {
    setSessionCookies(c, session, deps.secureCookies);
    // A past-due company's admin signs in to pay only: the browser goes to /financeiro.
    const paying = billingOnly(session.user) ? { billingOnly: true } : {};
    return c.json({ token: session.accessToken, user: publicUser(session.user), ...paying });
  }

  routes.post("/login", async (c) => {
    const body = await validateJson(c, LoginBody);
    const session = await login(
      deps.db,
      deps.jwtKey,
      {
        email: body.email,
        password: body.password,
        address: clientIp(c),
      },
      deps.loginThrottle,
      { hub: deps.hub },
    );
    return answerWithSession(c, session);
  });

  routes.post("/refresh_token", async (c) => {
    const token = getCookie(c, REFRESH_COOKIE);
    if (!token) throw new AppError("ERR_SESSION_EXPIRED", 401);
    return answerWithSession(c, await refresh(deps.db, deps.jwtKey, token));
  });

  routes.delete("/logout", async (c) => {
    const auth = requireAuth(c);
    await logout(deps.db, auth, getCookie(c, REFRESH_COOKIE), deps.hub);
    clearSessionCookies(c);
    return c.body(null, 204);
  });

  routes.get("/me", async (c) => {
    const auth = requireAuth(c);
    const user = await findSessionUserById(deps.db, auth.userId);
    if (!user) throw new AppError("ERR_SESSION_EXPIRED", 401);
    // The sign-in these cookies belong to: a tab compares it with the auth event's.
    return c.json({ ...publicUser(user), sessionId: auth.sessionId ?? null });
  });

  return routes;
}

export const authDocs: RouteDocs = {
  "POST /login": {
    summary: "Sign in with e-mail and password",
    access: "public",
    body: LoginBody,
  },
  "POST /refresh_token": {
    summary: "A new access token from the refresh cookie",
    access: "public",
  },
  "DELETE /logout": { summary: "Sign out (ends this session)" },
  "GET /me": { summary: "The signed-in user" },
};
