/**
 * Sign-in sessions: login answers an access token plus a rotating refresh token. A refresh
 * token is used once; presenting one already used (outside a short grace window for two tabs
 * refreshing together) means it was stolen, so the whole family (that sign-in) is revoked.
 */
import { type Db, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { channels, rooms } from "../../lib/realtime/channels.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import {
  DUMMY_HASH_PROMISE,
  hashPassword,
  needsRehash,
  verifyPassword,
} from "../../lib/auth/password.ts";
import { revokeAccessToken } from "./principals.ts";
import {
  type AccessClaims,
  hashToken,
  newRefreshToken,
  REFRESH_TOKEN_DAYS,
  signAccessToken,
} from "../../lib/auth/tokens.ts";
import type { FailureThrottle } from "../../lib/http/rate_limit.ts";
import { throttledGuess } from "./login_throttle.ts";
import { findLoginByEmail, findSessionUserById, type SessionUser } from "./session_user.ts";

/** Two tabs refreshing at once both present the same token; the second is not an attack. */
const REUSE_GRACE_SECONDS = 30;

export interface IssuedSession {
  user: SessionUser;
  accessToken: string;
  /** The public name of this sign-in (`sessionIdOf` its family); refreshes keep it. */
  sessionId: string;
  /** Absent when a refresh within the grace window answered only a new access token. */
  refreshToken?: string;
}

/**
 * Whether `user` may work only on paying: an admin of an active company whose due date has
 * come. Such a sign-in reaches the billing pages and calls and nothing else (its principal is
 * `limited`: principals.ts), so a blocked company has a way to unblock itself (admin §2).
 */
export function billingOnly(user: SessionUser, today = new Date()): boolean {
  const due = user.company.dueDate;
  return !user.super && user.profile === "admin" && user.company.status && due !== null &&
    due <= today.toISOString().slice(0, 10);
}

/**
 * Refuses companies that may not work now (inactive, or due date not in the future); with
 * `allowPayment`, a past-due company's admin passes, for a billing-only session.
 */
export function assertCompanyActive(
  user: SessionUser,
  today = new Date(),
  { allowPayment = false }: { allowPayment?: boolean } = {},
): void {
  if (user.super) return; // the super user runs the installation, whatever its own company
  if (!user.company.status) throw new AppError("ERR_COMPANY_INACTIVE", 403);
  const due = user.company.dueDate;
  if (due && due <= today.toISOString().slice(0, 10)) {
    if (allowPayment && billingOnly(user, today)) return;
    throw new AppError("ERR_SUBSCRIPTION_EXPIRED", 403, { dueDate: due });
  }
}

/**
 * The name of a sign-in that may be shown to the browser: a hash of the refresh-token family,
 * which itself stays on the server. The realtime auth event carries it so that the tab that
 * just signed in does not take the event about itself for someone else's sign-in.
 */
export function sessionIdOf(family: string): string {
  return hashToken(`session:${family}`).slice(0, 24);
}

async function issue(
  db: Db,
  user: SessionUser,
  key: Uint8Array,
  family: string,
): Promise<IssuedSession> {
  const refreshToken = newRefreshToken();
  await db.run(sql`insert into refresh_tokens (user_id, family, token_hash, expires_at)
    values (${user.id}, ${family}, ${hashToken(refreshToken)},
            now() + ${`${REFRESH_TOKEN_DAYS} days`}::interval)`);
  const sessionId = sessionIdOf(family);
  return { user, accessToken: await accessTokenFor(user, key, sessionId), refreshToken, sessionId };
}

function accessTokenFor(user: SessionUser, key: Uint8Array, sessionId: string): Promise<string> {
  return signAccessToken({
    userId: user.id,
    companyId: user.companyId,
    profile: user.profile,
    super: user.super,
    tokenVersion: user.tokenVersion,
    sessionId,
  }, key);
}

export interface Credentials {
  email: string;
  password: string;
  /** The caller's address: wrong guesses are throttled per account and address. */
  address: string;
}

/**
 * Signs in with e-mail and password; wrong passwords are throttled (login_throttle.ts), `now`
 * is for tests. The other places where this user is signed in hear of it on their own room
 * (core §4 "Session") and sign out; the event's `sessionId` names this sign-in, so its own
 * tabs know the event is not about them.
 */
export async function login(
  db: Db,
  key: Uint8Array,
  credentials: Credentials,
  throttle: FailureThrottle,
  { hub, now }: { hub: Hub; now?: Date },
): Promise<IssuedSession> {
  const email = credentials.email.trim().toLowerCase();
  const found = await throttledGuess(
    throttle,
    { email, address: credentials.address },
    async () => {
      const found = await findLoginByEmail(db, email);
      // Hash even for unknown e-mails so timing does not reveal which accounts exist.
      const valid = await verifyPassword(
        credentials.password,
        found?.passwordHash ?? await DUMMY_HASH_PROMISE,
      );
      if (!found || !valid) throw new AppError("ERR_INVALID_CREDENTIALS", 401);
      return found;
    },
    { wrongCode: "ERR_INVALID_CREDENTIALS", now },
  );
  assertCompanyActive(found.user, undefined, { allowPayment: true });
  // An imported bcrypt hash (or one of an older cost) becomes ours now that the password is
  // known; only if it is still the hash that was checked (a reset in between wins).
  if (needsRehash(found.passwordHash)) {
    await db.run(sql`update users set password_hash = ${await hashPassword(credentials.password)}
      where id = ${found.user.id} and password_hash = ${found.passwordHash}`);
  }
  await db.run(sql`update users set online = true, updated_at = now() where id = ${found.user.id}`);
  const session = await issue(db, { ...found.user, online: true }, key, crypto.randomUUID());
  const { id, companyId } = session.user;
  await hub.publish(rooms.user(id), channels.auth(companyId), {
    action: "update",
    user: { id },
    sessionId: session.sessionId,
  });
  return session;
}

interface TokenRow {
  user_id: number;
  family: string;
  fresh: boolean;
  within_grace: boolean;
}

export async function refresh(db: Db, key: Uint8Array, token: string): Promise<IssuedSession> {
  const tokenHash = hashToken(token);
  const claimed = await db.maybeOne<{ user_id: number; family: string }>(sql`
    update refresh_tokens set used_at = now()
    where token_hash = ${tokenHash} and used_at is null and revoked_at is null
      and expires_at > now()
    returning user_id, family`);

  if (!claimed) {
    const row = await db.maybeOne<TokenRow>(sql`
      select user_id, family::text, expires_at > now() as fresh,
             used_at > now() - ${`${REUSE_GRACE_SECONDS} seconds`}::interval as within_grace
      from refresh_tokens where token_hash = ${tokenHash} and revoked_at is null`);
    if (row?.fresh && row.within_grace) {
      const user = await activeUser(db, row.user_id);
      const sessionId = sessionIdOf(row.family);
      return { user, accessToken: await accessTokenFor(user, key, sessionId), sessionId };
    }
    if (row?.fresh) await revokeFamily(db, row.family); // reuse of a rotated token
    throw new AppError("ERR_SESSION_EXPIRED", 401);
  }
  const user = await activeUser(db, claimed.user_id);
  return await issue(db, user, key, claimed.family);
}

async function activeUser(db: Db, userId: number): Promise<SessionUser> {
  const user = await findSessionUserById(db, userId);
  if (!user) throw new AppError("ERR_SESSION_EXPIRED", 401);
  assertCompanyActive(user, undefined, { allowPayment: true });
  return user;
}

export async function revokeFamily(db: Db, family: string): Promise<void> {
  await db.run(sql`update refresh_tokens set revoked_at = now()
    where family = ${family}::uuid and revoked_at is null`);
}

/**
 * Ends the sign-in the refresh token belongs to (unknown tokens are ignored) and revokes the
 * caller's access token now, with every other access token of that sign-in: the API refuses
 * them on the next call and the hub closes the sockets they opened, on every instance.
 */
export async function logout(
  db: Db,
  auth: AccessClaims,
  token: string | undefined,
  hub: Pick<Hub, "revalidate">,
): Promise<void> {
  const userId = auth.userId;
  if (token) {
    const row = await db.maybeOne<{ family: string }>(sql`
      select family::text from refresh_tokens
      where token_hash = ${hashToken(token)} and user_id = ${userId}`);
    if (row) await revokeFamily(db, row.family);
  }
  await db.run(sql`update users set online = false, updated_at = now() where id = ${userId}`);
  await revokeAccessToken(db, auth);
  await hub.revalidate({ userId });
}
