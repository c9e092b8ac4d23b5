/**
 * Who is calling: the access token from the `token` httpOnly cookie or an
 * `Authorization: Bearer` header (and `?token=` only where a browser cannot send either),
 * checked against the user's current token version, the company's standing and the deny-list
 * of revoked tokens on every request, so a sign-out takes effect at once.
 */
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { type Db, sql } from "../db/mod.ts";
import { ACCESS_TOKEN_SECONDS, type AccessClaims, verifyAccessToken } from "../auth/tokens.ts";
import type { Authenticate, AuthorizeJoin, Revalidate } from "../realtime/types.ts";
import { AppError } from "./errors.ts";
import type { AppEnv } from "./env.ts";

export const ACCESS_COOKIE = "token";
export const REFRESH_COOKIE = "jrt";

export type Principal = AccessClaims & {
  /**
   * Set for a past-due company's admin: the sign-in may only pay (the API answers 403
   * ERR_SUBSCRIPTION_EXPIRED outside `billingOnlyPaths`; pages send it to the billing ones).
   */
  billingOnly?: { dueDate: string };
};

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

/** Deny-list keys of a token: its own id, and its sign-in's (logout revokes both). */
function revocationKeys(claims: AccessClaims): [string, string] {
  const own = `jti:${claims.tokenId}`;
  return [own, claims.sessionId ? `sid:${claims.sessionId}` : own];
}

/**
 * The claims, with the profile read fresh, while the user's token version, the company's
 * standing and the deny-list still accept them; else null. One query on primary keys.
 */
export async function confirmClaims(db: Db, claims: AccessClaims): Promise<Principal | null> {
  const [own, session] = revocationKeys(claims);
  const row = await db.maybeOne<
    {
      token_version: number;
      active: boolean;
      paying: boolean;
      due_date: string | null;
      profile: "user" | "admin";
      super: boolean;
      revoked: boolean;
    }
  >(sql`
    select u.token_version, u.profile, u.super,
           u.super or (c.status and (c.due_date is null or c.due_date > current_date)) as active,
           u.profile = 'admin' and c.status as paying,
           to_char(c.due_date, 'YYYY-MM-DD') as due_date,
           exists (select 1 from revoked_access_tokens r
                   where r.token_key in (${own}, ${session})) as revoked
    from users u join companies c on c.id = u.company_id
    where u.id = ${claims.userId} and u.company_id = ${claims.companyId}`);
  if (!row || row.token_version !== claims.tokenVersion || row.revoked) return null;
  if (!row.active && !(row.paying && row.due_date)) return null;
  // The profile is read fresh: a demotion takes effect on the next call, not at token expiry.
  const { billingOnly: _stale, ...rest } = claims as Principal;
  return {
    ...rest,
    profile: row.profile,
    super: row.super,
    ...(row.active ? {} : { billingOnly: { dueDate: row.due_date! } }),
  };
}

/** The principal of a request, or null when it carries no valid session. */
export async function principalOf(
  db: Db,
  key: Uint8Array,
  request: Request,
  sources: TokenSources = {},
): Promise<Principal | null> {
  const credential = credentialOf(request, sources);
  return credential ? await principalOfToken(db, key, credential.token) : null;
}

async function principalOfToken(db: Db, key: Uint8Array, token: string) {
  const claims = await verifyAccessToken(token, key);
  return claims ? await confirmClaims(db, claims) : null;
}

/**
 * Revokes one access token now, and with it every access token of the same sign-in (the
 * other tabs of that browser may hold older ones). Expired entries are pruned on the way.
 */
export async function revokeAccessToken(db: Db, claims: AccessClaims): Promise<void> {
  const [own, session] = revocationKeys(claims);
  const lifetime = ACCESS_TOKEN_SECONDS;
  const ownSeconds = claims.expiresAt
    ? Math.max(0, (claims.expiresAt - Date.now()) / 1000)
    : lifetime;
  // No new token of a signed-out sign-in is issued, so the last one lapses within a lifetime.
  await db.transaction(async (tx) => {
    await tx.run(sql`delete from revoked_access_tokens where expires_at < now()`);
    // A token without a sign-in id (one minted for an integration or a test) is one key.
    const rows = session === own
      ? sql`(${own}, now() + make_interval(secs => ${lifetime}))`
      : sql`(${own}, now() + make_interval(secs => ${ownSeconds})),
             (${session}, now() + make_interval(secs => ${lifetime}))`;
    await tx.run(sql`
      insert into revoked_access_tokens (token_key, expires_at)
      values ${rows}
      on conflict (token_key) do update set expires_at = greatest(
        revoked_access_tokens.expires_at, excluded.expires_at)`);
  });
}

/**
 * How the realtime hub signs sockets in and re-checks them: the access cookie or `?token=`
 * at the upgrade, then the same checks as an API call whenever the hub is told that a user's
 * or a company's sessions may have changed.
 */
export function socketAuth(
  db: Db,
  key: Uint8Array,
): { authenticate: Authenticate; revalidate: Revalidate } {
  return {
    authenticate: (request) =>
      principalOf(db, key, request, {
        cookie: cookieValue(request, ACCESS_COOKIE),
        query: true,
      }),
    // A socket opened before its company fell past due closes (the block takes effect); the
    // browser's new one is billing-only, which the payment page needs for its confirmation.
    revalidate: async (principal) => {
      const now = await confirmClaims(db, principal as Principal);
      return now !== null && (!now.billingOnly || Boolean((principal as Principal).billingOnly));
    },
  };
}

/** `authorize`, except that a billing-only sign-in's joins are all refused. */
export function billingOnlyJoinsRefused(authorize: AuthorizeJoin): AuthorizeJoin {
  return (principal, event, data) =>
    (principal as Principal).billingOnly
      ? Promise.resolve(null)
      : authorize(principal, event, data);
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
  /** Path prefixes a `billingOnly` sign-in may call; elsewhere 403 ERR_SUBSCRIPTION_EXPIRED. */
  billingOnlyPaths?: readonly string[];
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
  db: Db,
  key: Uint8Array,
  options: AuthenticateOptions = {},
): MiddlewareHandler<AppEnv> {
  const queryPaths = options.queryTokenPaths ?? [];
  const billingPaths = options.billingOnlyPaths ?? [];
  return async function authenticateMiddleware(c, next) {
    const credential = credentialOf(c.req.raw, {
      cookie: getCookie(c, ACCESS_COOKIE),
      query: queryPaths.some((prefix) => c.req.path.startsWith(prefix)),
    });
    if (credential) {
      const principal = await principalOfToken(db, key, credential.token);
      if (principal?.billingOnly && !underAny(c.req.path.replace(/\/+$/, ""), billingPaths)) {
        throw new AppError("ERR_SUBSCRIPTION_EXPIRED", 403, principal.billingOnly);
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
