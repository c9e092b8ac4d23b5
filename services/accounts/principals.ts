/**
 * Whether the accounts still accept a verified access token, asked on every API call, page
 * and socket check (the `PrincipalLoader` of lib/http/auth.ts): the user's token version, the
 * deny-list of revoked tokens and the company's standing. A past-due company's admin is
 * accepted to pay only (admin §2): the sign-in is limited to the billing calls.
 */
import { ACCESS_TOKEN_SECONDS, type AccessClaims } from "../../lib/auth/tokens.ts";
import { type Db, sql } from "../../lib/db/mod.ts";
import type { Principal, PrincipalLoader } from "../../lib/http/auth.ts";

export function accountPrincipals(db: Db): PrincipalLoader {
  return { confirm: (claims) => confirmClaims(db, claims) };
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
  const { limited: _stale, ...rest } = claims as Principal;
  return {
    ...rest,
    profile: row.profile,
    super: row.super,
    // Outside the billing calls, a past-due admin's calls answer this with the due date.
    ...(row.active
      ? {}
      : { limited: { code: "ERR_SUBSCRIPTION_EXPIRED", details: { dueDate: row.due_date! } } }),
  };
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
