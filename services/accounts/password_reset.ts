/**
 * Password reset by e-mailed code (admin §2, §4, §5, §7).
 *
 * The product this replaces stored a plain UUID with no expiry, answered differently for
 * unknown e-mails and took the new password in the URL. Here:
 * - the code is 8 random digits, of which only a keyed hash is stored (HMAC with the
 *   installation's signing key: a copy of the database alone does not reveal codes);
 * - it expires after 15 minutes, is burnt after 5 wrong tries, and works once;
 * - a new request replaces the previous code;
 * - a successful reset bumps the user's token version and revokes every refresh token, so
 *   whoever was signed in with the old password is signed out everywhere.
 */
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { type Db, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import { hashPassword } from "../../lib/auth/password.ts";
import { RESET_CODE_DIGITS } from "./account_rules.ts";

export const RESET_CODE_MINUTES = 15;
export const RESET_MAX_ATTEMPTS = 5;

export interface ResetRecipient {
  userId: number;
  name: string;
  email: string;
  /** Null for the super user: platform mail, not a tenant's (see mail_outbox). */
  companyId: number | null;
}

export interface IssuedResetCode {
  recipient: ResetRecipient;
  /** The code in clear, to be e-mailed and then forgotten. */
  code: string;
  expiresInMinutes: number;
}

export function newResetCode(): string {
  return String(randomInt(0, 10 ** RESET_CODE_DIGITS)).padStart(RESET_CODE_DIGITS, "0");
}

function codeHash(key: Uint8Array, userId: number, code: string): string {
  // The user id is mixed in so one code's hash says nothing about another user's.
  return createHmac("sha256", key).update(`password-reset:${userId}:${code}`).digest("hex");
}

/**
 * Issues a new code for the account with this e-mail, replacing any earlier one, or answers
 * null when no account has it. The caller must not let the answer show (no enumeration).
 */
export async function issueResetCode(
  db: Db,
  key: Uint8Array,
  email: string,
): Promise<IssuedResetCode | null> {
  const user = await db.maybeOne<
    { id: number; name: string; email: string; company_id: number; super: boolean }
  >(
    sql`select id, name, email, company_id, super from users where lower(email) = lower(${email})`,
  );
  if (!user) return null;
  const code = newResetCode();
  // Codes that expired unused are swept here; nothing else needs them.
  await db.run(sql`delete from password_resets where expires_at <= now()`);
  await db.run(sql`
    insert into password_resets (user_id, code_hash, expires_at)
    values (${user.id}, ${codeHash(key, user.id, code)},
            now() + ${`${RESET_CODE_MINUTES} minutes`}::interval)
    on conflict (user_id) do update
      set code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0,
          created_at = now()`);
  return {
    recipient: {
      userId: user.id,
      name: user.name,
      email: user.email,
      companyId: user.super ? null : user.company_id,
    },
    code,
    expiresInMinutes: RESET_CODE_MINUTES,
  };
}

export interface ResetInput {
  email: string;
  /** Digits only. */
  code: string;
  /** Already checked against the strength rule. */
  password: string;
}

type Outcome = { ok: true; userId: number } | { ok: false };

/**
 * Sets a new password when the code is right. Every failure (unknown e-mail, no code,
 * expired, burnt, wrong) answers the same ERR_RESET_CODE_INVALID, so the answer never tells
 * whether an e-mail has an account. A wrong code counts against the code's attempts.
 */
export async function resetPassword(
  db: Db,
  key: Uint8Array,
  input: ResetInput,
  hub: Pick<Hub, "revalidate">,
): Promise<number> {
  // Hashed up front, whatever the outcome: slow on purpose, and outside the transaction.
  const passwordHash = await hashPassword(input.password);
  // The transaction must commit a wrong try's count, so it answers an outcome and the
  // error is thrown after it.
  const outcome = await db.transaction<Outcome>(async (tx) => {
    const row = await tx.maybeOne<
      { user_id: number; code_hash: string; attempts: number; expired: boolean }
    >(sql`
      select r.user_id, r.code_hash, r.attempts, r.expires_at <= now() as expired
      from password_resets r join users u on u.id = r.user_id
      where lower(u.email) = lower(${input.email})
      for update of r`);
    if (!row) return { ok: false };
    if (row.expired) {
      await tx.run(sql`delete from password_resets where user_id = ${row.user_id}`);
      return { ok: false };
    }
    const expected = Buffer.from(row.code_hash, "hex");
    const given = Buffer.from(codeHash(key, row.user_id, input.code), "hex");
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      if (row.attempts + 1 >= RESET_MAX_ATTEMPTS) {
        await tx.run(sql`delete from password_resets where user_id = ${row.user_id}`);
      } else {
        await tx.run(sql`update password_resets set attempts = attempts + 1
          where user_id = ${row.user_id}`);
      }
      return { ok: false };
    }
    await tx.run(sql`delete from password_resets where user_id = ${row.user_id}`);
    await tx.run(sql`
      update users set password_hash = ${passwordHash}, token_version = token_version + 1,
                       online = false, updated_at = now()
      where id = ${row.user_id}`);
    await tx.run(sql`update refresh_tokens set revoked_at = now()
      where user_id = ${row.user_id} and revoked_at is null`);
    return { ok: true, userId: row.user_id };
  });
  if (!outcome.ok) throw new AppError("ERR_RESET_CODE_INVALID", 400);
  // Whoever was signed in with the old password loses their open sockets too.
  await hub.revalidate({ userId: outcome.userId });
  return outcome.userId;
}
