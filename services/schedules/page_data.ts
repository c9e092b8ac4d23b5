/** What the /schedules page renders with: the contact `?contactId=` names, if the company's. */
import { type Queryable, sql } from "../../lib/db/mod.ts";

export async function scheduleStartContact(
  db: Queryable,
  companyId: number,
  contactId: number | null,
): Promise<{ id: number; name: string; number: string } | null> {
  if (contactId === null) return null;
  return await db.maybeOne(sql`
    select id, name, number from contacts where company_id = ${companyId} and id = ${contactId}`) ??
    null;
}
