/**
 * Editing a user (`PUT /api/users/{id}`). Admins edit anyone of their company below the
 * super user; anybody may edit their own name, e-mail and password. A super user works in a
 * company like anyone else, so its admins can name them by id: only a super user may edit
 * one, or the owner of the installation could be taken over by changing its e-mail. The other fields need the dialog's permissions
 * (core §6): profile, default connection and allTicket `user-modal:editProfile`, queues
 * `user-modal:editQueues`; the super flag only the super user. A field counts as changed
 * only when its value differs, because the dialog sends every field back as it was; an
 * attempt to change one without permission changes nothing at all (403).
 */
import { assertCompanyConnection } from "./user_connection.ts";
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { hashPassword } from "../../lib/auth/password.ts";
import type { Principal } from "../../lib/http/auth.ts";
import { AppError } from "../../lib/http/errors.ts";
import { can, isAdmin } from "../accounts/permissions.ts";
import { rethrowEmailTaken } from "./create_user.ts";
import { assertCurrentPassword, throttledEmailTaken } from "./account_guards.ts";
import type { CallerContext, UsersDeps } from "./deps.ts";
import { assertAnotherAdmin, lockCompanyUsers } from "./last_admin.ts";
import type { UpdateUserInput } from "./schemas.ts";
import { publishUserEvent } from "./user_events.ts";
import { companyQueueIds, replaceUserQueues } from "./user_queues.ts";
import { endOtherSessions, supersedeAccessTokens } from "./user_sessions.ts";
import { type AllTicket, findUserView, type Profile, type UserView } from "./user_view.ts";

interface Current {
  profile: Profile;
  super: boolean;
  allTicket: AllTicket;
  whatsappId: number | null;
  queueIds: number[];
}

/** The guarded fields whose value the input changes (name, e-mail and password need no guard). */
function guardedChanges(current: Current, input: UpdateUserInput) {
  const changed = <K extends keyof Current>(key: K) =>
    input[key] !== undefined && input[key] !== current[key];
  const sameQueues = input.queueIds === undefined ||
    sameIds(input.queueIds, current.queueIds);
  return {
    profile: changed("profile"),
    super: changed("super"),
    allTicket: changed("allTicket"),
    whatsappId: changed("whatsappId"),
    queueIds: !sameQueues,
  };
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const left = [...new Set(a)].sort((x, y) => x - y);
  return left.length === b.length && left.every((id, i) => id === b[i]);
}

function assertMayChange(
  actor: Principal,
  self: boolean,
  changes: ReturnType<typeof guardedChanges>,
): void {
  const editProfile = can(actor, "user-modal:editProfile");
  const allowed = (!changes.profile && !changes.allTicket && !changes.whatsappId || editProfile) &&
    (!changes.queueIds || can(actor, "user-modal:editQueues")) &&
    // The super user cannot drop their own flag: the installation would be left without one.
    (!changes.super || (actor.super && !self));
  if (!allowed) throw new AppError("ERR_NO_PERMISSION", 403);
}

export interface UpdateOptions extends CallerContext {
  /** The caller's refresh cookie: when they change their own password, that sign-in is kept. */
  callerRefreshToken?: string;
}

export async function updateUser(
  deps: UsersDeps,
  actor: Principal,
  userId: number,
  input: UpdateUserInput,
  options: UpdateOptions,
): Promise<UserView> {
  const self = userId === actor.userId;
  if (!self && !isAdmin(actor)) throw new AppError("ERR_NO_PERMISSION", 403);
  const companyId = actor.companyId;
  if (self) await assertCurrentPassword(deps, actor, input, options);
  const passwordHash = input.password === undefined
    ? undefined
    : await hashPassword(input.password);

  const write = () =>
    rethrowEmailTaken(deps.db.transaction(async (tx) => {
      await lockCompanyUsers(tx, companyId);
      const current = await currentOf(tx, companyId, userId);
      if (current.super && !actor.super) throw new AppError("ERR_NO_PERMISSION", 403);
      const changes = guardedChanges(current, input);
      assertMayChange(actor, self, changes);
      if (changes.profile && input.profile === "user") {
        await assertAnotherAdmin(tx, companyId, userId);
      }
      if (changes.whatsappId) await assertCompanyConnection(tx, companyId, input.whatsappId);
      const queueIds = changes.queueIds
        ? await companyQueueIds(tx, companyId, input.queueIds!)
        : undefined;

      const sets = [sql`updated_at = now()`];
      if (input.name !== undefined) sets.push(sql`name = ${input.name}`);
      if (input.email !== undefined) sets.push(sql`email = ${input.email}`);
      if (passwordHash !== undefined) sets.push(sql`password_hash = ${passwordHash}`);
      if (changes.profile) sets.push(sql`profile = ${input.profile}`);
      if (changes.super) sets.push(sql`super = ${input.super}`);
      if (changes.allTicket) sets.push(sql`all_ticket = ${input.allTicket}`);
      if (changes.whatsappId) sets.push(sql`whatsapp_id = ${input.whatsappId}`);
      await tx.run(sql`update users set ${sql.join(sets)} where id = ${userId}`);
      if (queueIds) await replaceUserQueues(tx, userId, queueIds);

      if (passwordHash !== undefined) {
        await endOtherSessions(tx, userId, self ? options.callerRefreshToken : undefined);
      } else if (changes.profile || changes.super) {
        await supersedeAccessTokens(tx, userId);
      }
      return (await findUserView(tx, companyId, userId))!;
    }));
  const user = input.email === undefined
    ? await write()
    : await throttledEmailTaken(deps, actor.userId, options, write);
  await publishUserEvent(deps.hub, companyId, { action: "update", user });
  // A new password, profile or super flag voids the user's sessions: their sockets are
  // re-checked and closed (a name change passes the check and keeps them).
  await deps.hub.revalidate({ userId });
  return user;
}

/** The guarded fields as stored, with the row locked; another company's id is not found. */
async function currentOf(tx: Queryable, companyId: number, userId: number): Promise<Current> {
  const row = await tx.maybeOne<Current>(sql`
    select u.profile, u.super, u.all_ticket as "allTicket", u.whatsapp_id as "whatsappId",
           array(select uq.queue_id from user_queues uq where uq.user_id = u.id
                 order by uq.queue_id) as "queueIds"
    from users u where u.company_id = ${companyId} and u.id = ${userId}
    for update`);
  if (!row) throw new AppError("ERR_NO_USER_FOUND", 404);
  return row;
}
