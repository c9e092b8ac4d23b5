/**
 * Two guards on account changes (issue 15, security 3):
 * - changing one's own e-mail or password asks for the current password, so a signed-in
 *   browser left open is not enough to take the account; wrong guesses count with sign-in's
 *   (login_throttle.ts), so a stolen session cannot guess it faster than the login page;
 * - "e-mail taken" answers are throttled per caller and per address like wrong passwords, so
 *   the users API cannot be used to find out which addresses have accounts.
 */
import { sql } from "../../lib/db/mod.ts";
import { verifyPassword } from "../../lib/auth/password.ts";
import { AppError } from "../../lib/http/errors.ts";
import type { FieldErrors } from "../../lib/http/field_errors.ts";
import { addressBucket, type ThrottleKey } from "../../lib/http/rate_limit.ts";
import {
  PER_ACCOUNT_AND_ADDRESS,
  PER_ADDRESS,
  throttledGuess,
} from "../accounts/login_throttle.ts";
import type { CallerContext, UsersDeps } from "./deps.ts";

export interface OwnAccountChange {
  email?: string;
  password?: string;
  currentPassword?: string;
}

/** A 400 about the current password, which forms show next to that field. */
function currentPasswordRefusal(code: string): AppError {
  return new AppError(code, 400, { fields: { currentPassword: { code } } satisfies FieldErrors });
}

/** Refuses a change of one's own e-mail or password without the right current password. */
export async function assertCurrentPassword(
  deps: UsersDeps,
  user: { userId: number; companyId: number },
  change: OwnAccountChange,
  caller: CallerContext,
): Promise<void> {
  const row = await deps.db.maybeOne<{ email: string; passwordHash: string }>(sql`
    select lower(email) as email, password_hash as "passwordHash" from users
    where id = ${user.userId} and company_id = ${user.companyId}`);
  if (!row) throw new AppError("ERR_NO_USER_FOUND", 404);
  const changesEmail = change.email !== undefined && change.email !== row.email;
  if (!changesEmail && change.password === undefined) return;
  const current = change.currentPassword;
  if (!current) {
    throw currentPasswordRefusal("ERR_CURRENT_PASSWORD_REQUIRED");
  }
  await throttledGuess(deps.guesses, { email: row.email, address: caller.address }, async () => {
    if (!await verifyPassword(current, row.passwordHash)) {
      throw currentPasswordRefusal("ERR_WRONG_CURRENT_PASSWORD");
    }
  }, { wrongCode: "ERR_WRONG_CURRENT_PASSWORD", now: caller.now });
}

function emailTakenKeys(actorId: number, address: string): ThrottleKey[] {
  return [
    { key: `email-taken:${actorId}`, rule: PER_ACCOUNT_AND_ADDRESS },
    { key: `email-taken-address:${addressBucket(address)}`, rule: PER_ADDRESS },
  ];
}

/**
 * Runs a write that may answer 409 ERR_EMAIL_TAKEN, unless the caller must wait (429);
 * each such answer counts against the caller and their address.
 */
export async function throttledEmailTaken<T>(
  deps: UsersDeps,
  actorId: number,
  caller: CallerContext,
  write: () => Promise<T>,
): Promise<T> {
  const keys = emailTakenKeys(actorId, caller.address);
  return await deps.guesses.attempt(keys, "ERR_EMAIL_TAKEN", write, caller.now);
}
