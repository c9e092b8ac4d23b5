/**
 * What an edit does to the edited user's sign-ins. Two tools, because two needs:
 *
 * - `supersedeAccessTokens` bumps `token_version`: every access token issued before stops
 *   working on the next call (403), and the browser refreshes it. The refresh still works,
 *   so the user stays signed in with a token that carries the new profile. Used when the
 *   profile or the super flag changes.
 * - `endOtherSessions` also revokes the refresh tokens, so those refreshes fail and every
 *   place where the user is signed in is signed out. Used when the password changes: whoever
 *   knew the old password must not keep a session. When the user changes their own
 *   password, the sign-in (refresh family) they made the change from is spared: their
 *   browser refreshes once and carries on, and only the other places are signed out.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { hashToken } from "../../lib/auth/tokens.ts";

export async function supersedeAccessTokens(tx: Queryable, userId: number): Promise<void> {
  await tx.run(sql`update users set token_version = token_version + 1 where id = ${userId}`);
}

/**
 * Signs the user out everywhere except the sign-in that `keepRefreshToken` (the caller's
 * own refresh cookie, when they edit themselves) belongs to.
 */
export async function endOtherSessions(
  tx: Queryable,
  userId: number,
  keepRefreshToken?: string,
): Promise<void> {
  await supersedeAccessTokens(tx, userId);
  const kept = keepRefreshToken
    ? await tx.maybeOne<{ family: string }>(sql`
        select family::text as family from refresh_tokens
        where token_hash = ${hashToken(keepRefreshToken)} and user_id = ${userId}`)
    : undefined;
  await tx.run(sql`update refresh_tokens set revoked_at = now()
    where user_id = ${userId} and revoked_at is null
      ${kept ? sql`and family <> ${kept.family}::uuid` : sql.empty}`);
}
