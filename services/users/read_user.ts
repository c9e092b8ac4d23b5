/** Reading one user (`GET /api/users/{id}`): admins read anyone of their company, others themselves. */
import type { Queryable } from "../../lib/db/mod.ts";
import type { Principal } from "../../lib/http/auth.ts";
import { AppError } from "../../lib/http/errors.ts";
import { isAdmin } from "../accounts/permissions.ts";
import { findUserView, type UserView } from "./user_view.ts";

export async function readUser(db: Queryable, actor: Principal, userId: number): Promise<UserView> {
  // Refused before any look-up, so the answer says nothing about whether the id exists.
  if (userId !== actor.userId && !isAdmin(actor)) throw new AppError("ERR_NO_PERMISSION", 403);
  const user = await findUserView(db, actor.companyId, userId);
  if (!user) throw new AppError("ERR_NO_USER_FOUND", 404);
  return user;
}
