/**
 * A company keeps at least one admin: without one nobody could manage its users,
 * connections or settings again (only the super user could repair it).
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";

/**
 * Serialises changes to a company's users (creations against the plan limit, demotions and
 * deletions against the last admin). "No key update" so that rows merely referencing the
 * company (tickets, messages…) are not held up.
 */
export async function lockCompanyUsers(tx: Queryable, companyId: number): Promise<boolean> {
  const row = await tx.maybeOne(
    sql`select 1 from companies where id = ${companyId} for no key update`,
  );
  return row !== undefined;
}

/**
 * Refuses (409 ERR_LAST_ADMIN) to take away admin `userId` when no other admin remains.
 * Call it under `lockCompanyUsers`, so two admins demoting each other at the same moment are
 * serialised and the second one sees the first one's change.
 */
export async function assertAnotherAdmin(
  tx: Queryable,
  companyId: number,
  userId: number,
): Promise<void> {
  const other = await tx.maybeOne(sql`
    select 1 from users
    where company_id = ${companyId} and profile = 'admin' and id <> ${userId}
    limit 1`);
  if (!other) throw new AppError("ERR_LAST_ADMIN", 409);
}
