/**
 * Creating a user (`POST /api/users`, admins only). The tenant is the caller's company; the
 * super user alone may name another one, to give a new company its staff.
 */
import { type Queryable, sql, uniqueViolation } from "../../lib/db/mod.ts";
import { hashPassword } from "../../lib/auth/password.ts";
import type { Principal } from "../../lib/http/auth.ts";
import { AppError } from "../../lib/http/errors.ts";
import { throttledEmailTaken } from "./account_guards.ts";
import type { CallerContext, UsersDeps } from "./deps.ts";
import type { CreateUserInput } from "./schemas.ts";
import { publishUserEvent } from "./user_events.ts";
import { assertCompanyConnection } from "./user_connection.ts";
import { companyQueueIds, replaceUserQueues } from "./user_queues.ts";
import { findUserView, type UserView } from "./user_view.ts";

export async function createUser(
  deps: UsersDeps,
  actor: Principal,
  input: CreateUserInput,
  caller: CallerContext,
): Promise<UserView> {
  if (input.super && !actor.super) throw new AppError("ERR_NO_PERMISSION", 403);
  const companyId = actor.super && input.companyId ? input.companyId : actor.companyId;
  // Hashing is slow on purpose: do it before taking the company's lock.
  const passwordHash = await hashPassword(input.password);
  const user = await throttledEmailTaken(
    deps,
    actor.userId,
    caller,
    () =>
      rethrowEmailTaken(deps.db.transaction(async (tx) => {
        await assertRoomForAnotherUser(tx, companyId);
        const queueIds = await companyQueueIds(tx, companyId, input.queueIds);
        await assertCompanyConnection(tx, companyId, input.whatsappId);
        const { id } = await tx.one<{ id: number }>(sql`
      insert into users (company_id, name, email, password_hash, profile, super, all_ticket,
                         whatsapp_id)
      values (${companyId}, ${input.name}, ${input.email}, ${passwordHash}, ${input.profile},
              ${input.super ?? false}, ${input.allTicket}, ${input.whatsappId})
      returning id`);
        await replaceUserQueues(tx, id, queueIds);
        return (await findUserView(tx, companyId, id))!;
      })),
  );
  await publishUserEvent(deps.hub, companyId, { action: "create", user });
  return user;
}

/**
 * The plan's user limit (`plans.users`: the most users of the company, all profiles
 * counted; 0 for no limit). The company row is locked so that two creations at once cannot
 * both take the last place. The count is a second statement on purpose: under read
 * committed, a statement that waited for the lock still reads with the snapshot it took
 * before waiting, and would miss the user the other transaction just committed.
 */
async function assertRoomForAnotherUser(tx: Queryable, companyId: number): Promise<void> {
  const plan = await tx.maybeOne<{ limit: number }>(sql`
    select p.users as limit
    from companies c join plans p on p.id = c.plan_id
    where c.id = ${companyId}
    for no key update of c`);
  if (!plan) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
  if (plan.limit <= 0) return;
  const { count } = await tx.one<{ count: number }>(sql`
    select count(*)::int as count from users where company_id = ${companyId}`);
  if (count >= plan.limit) {
    throw new AppError("ERR_USER_LIMIT_REACHED", 403, { limit: plan.limit });
  }
}

/** The unique e-mail index answers races that a look-up first would miss: 409 ERR_EMAIL_TAKEN. */
export async function rethrowEmailTaken<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (uniqueViolation(err) === "users_email") {
      throw new AppError("ERR_EMAIL_TAKEN", 409);
    }
    throw err;
  }
}
