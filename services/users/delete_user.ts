/**
 * Deleting a user (`DELETE /api/users/{id}`, admins only). Their sign-ins go with them: the
 * refresh tokens are deleted by the foreign key's cascade, and an access token of a user
 * who no longer exists is refused on its next call.
 */
import { sql } from "../../lib/db/mod.ts";
import type { Principal } from "../../lib/http/auth.ts";
import { AppError } from "../../lib/http/errors.ts";
import type { UsersDeps } from "./deps.ts";
import { assertAnotherAdmin, lockCompanyUsers } from "./last_admin.ts";
import { publishUserEvent } from "./user_events.ts";
import type { Profile } from "./user_view.ts";

export async function deleteUser(
  deps: UsersDeps,
  actor: Principal,
  userId: number,
): Promise<void> {
  if (userId === actor.userId) throw new AppError("ERR_CANNOT_DELETE_SELF", 400);
  const companyId = actor.companyId;
  await deps.db.transaction(async (tx) => {
    await lockCompanyUsers(tx, companyId);
    const target = await tx.maybeOne<{ profile: Profile; super: boolean }>(sql`
      select profile, super from users where company_id = ${companyId} and id = ${userId}
      for update`);
    if (!target) throw new AppError("ERR_NO_USER_FOUND", 404);
    // The super user runs the installation; removing them would leave nobody who can.
    if (target.super) throw new AppError("ERR_CANNOT_DELETE_SUPER", 403);
    if (target.profile === "admin") await assertAnotherAdmin(tx, companyId, userId);
    // When tickets arrive they will reference users: that issue decides what happens to the
    // deleted user's tickets (the older product sent their open tickets back to pending).
    await tx.run(sql`delete from users where id = ${userId}`);
  });
  await publishUserEvent(deps.hub, companyId, { action: "delete", userId });
  // Their open sockets go with them, on every instance.
  await deps.hub.revalidate({ userId });
}
