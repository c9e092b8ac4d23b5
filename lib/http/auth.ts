/**
 * Who is calling: the access token from the `token` httpOnly cookie or an
 * `Authorization: Bearer` header (and `?token=` only where a browser cannot send either),
 * verified here, then confirmed on every request by a `PrincipalLoader`: the accounts say
 * whether they still accept it (token version, deny-list, company standing), so a sign-out
 * takes effect at once. This module knows tokens and requests, not users or companies.
 */
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { type AccessClaims, verifyAccessToken } from "../auth/tokens.ts";
import type { Authenticate, AuthorizeJoin, Revalidate } from "../realtime/types.ts";
import { AppError } from "./errors.ts";
import type { AppEnv } from "./env.ts";

export const ACCESS_COOKIE = "token";
export const REFRESH_COOKIE = "jrt";

export type Principal = AccessClaims & {
  /**
   * Set when the accounts accept the sign-in for a part of the API only (a past-due company's
   * admin may only pay): outside `limitedPaths` its calls answer 403 with this error code and
   * details, and its socket joins nothing.
   */
  limited?: { code: string; details?: Record<string, unknown> };
};

/**
 * The accounts' word on a verified token, asked on every request and socket check (the
 * accounts area implements it: services/accounts/principals.ts).
 */
export interface PrincipalLoader {
  /** The principal the claims stand for now (its profile read fresh), or null if refused. */
  confirm(claims: AccessClaims): Promise<Principal | null>;
}

/** Where a request may carry its access token. The header is always read. */
export interface TokenSources {
  /** The value of the access cookie, if any. */
  cookie?: string;
  /**
   * Accept `?token=`: only for what a browser loads without headers (media in `<img>`, the
   * socket). Elsewhere a token in the URL would end up in logs and Referer headers.
   */
  query?: boolean;
}

interface Credential {
  token: string;
  /** A header is sent on purpose by a script; cookies and URLs reach the server by themselves. */
  bearer: boolean;
}

function credentialOf(request: Request, sources: TokenSources): Credential | null {
  const header = request.headers.get("Authorization");
  if (header?.startsWith("Bearer ")) return { token: header.slice(7).trim(), bearer: true };
  const token = sources.cookie ??
    (sources.query ? new URL(request.url).searchParams.get("token") : null);
  return token ? { token, bearer: false } : null;
}

/** The principal of a request, or null when it carries no valid session. */
export async function principalOf(
  loader: PrincipalLoader,
  key: Uint8Array,
  request: Request,
  sources: TokenSources = {},
): Promise<Principal | null> {
  const credential = credentialOf(request, sources);
  return credential ? await principalOfToken(loader, key, credential.token) : null;
}

async function principalOfToken(loader: PrincipalLoader, key: Uint8Array, token: string) {
  const claims = await verifyAccessToken(token, key);
  return claims ? await loader.confirm(claims) : null;
}

/**
 * How the realtime hub signs sockets in and re-checks them: the access cookie or `?token=`
 * at the upgrade, then the same checks as an API call whenever the hub is told that a user's
 * or a company's sessions may have changed.
 */
export function socketAuth(
  loader: PrincipalLoader,
  key: Uint8Array,
): { authenticate: Authenticate; revalidate: Revalidate } {
  return {
    authenticate: (request) =>
      principalOf(loader, key, request, {
        cookie: cookieValue(request, ACCESS_COOKIE),
        query: true,
      }),
    // A socket opened before its sign-in became limited closes (the limit takes effect); the
    // browser's new one is limited from the start (a past-due admin's payment page needs one).
    revalidate: async (principal) => {
      const now = await loader.confirm(principal as Principal);
      return now !== null && (!now.limited || Boolean((principal as Principal).limited));
    },
  };
}

/** `authorize`, except that a limited sign-in's joins are all refused. */
export function limitedJoinsRefused(authorize: AuthorizeJoin): AuthorizeJoin {
  return (principal, event, data) =>
    (principal as Principal).limited ? Promise.resolve(null) : authorize(principal, event, data);
}

function cookieValue(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return undefined;
}

export interface AuthenticateOptions {
  /** Path prefixes where `?token=` is accepted (media that `<img>` and `<audio>` load). */
  queryTokenPaths?: readonly string[];
  /** Path prefixes a `limited` sign-in may call; elsewhere 403 with its refusal. */
  limitedPaths?: readonly string[];
}

function underAny(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Sets `c.var.auth` when the request is signed in (and `c.var.bearer` when a header did it),
 * and `c.var.staleToken` when it carried a token that is no longer good; never refuses by
 * itself.
 */
export function authenticate(
  loader: PrincipalLoader,
  key: Uint8Array,
  options: AuthenticateOptions = {},
): MiddlewareHandler<AppEnv> {
  const queryPaths = options.queryTokenPaths ?? [];
  const limitedPaths = options.limitedPaths ?? [];
  return async function authenticateMiddleware(c, next) {
    const credential = credentialOf(c.req.raw, {
      cookie: getCookie(c, ACCESS_COOKIE),
      query: queryPaths.some((prefix) => c.req.path.startsWith(prefix)),
    });
    if (credential) {
      const principal = await principalOfToken(loader, key, credential.token);
      const limited = principal?.limited;
      if (limited && !underAny(c.req.path.replace(/\/+$/, ""), limitedPaths)) {
        throw new AppError(limited.code, 403, limited.details);
      }
      if (principal) {
        c.set("auth", principal);
        if (credential.bearer) c.set("bearer", true);
      } else {
        c.set("staleToken", true);
      }
    }
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
