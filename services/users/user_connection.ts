/**
 * A user's default connection (core §7 "Users": "Conexão padrão"). Only a connection of the
 * user's own company may be chosen; any other id answers as if it did not exist, so the
 * answer does not tell whether another company's connection does.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import type { ConnectionChoice } from "./types.ts";

/** Refuses (404 ERR_NO_WAPP_FOUND) a connection id that is not `companyId`'s. */
export async function assertCompanyConnection(
  db: Queryable,
  companyId: number,
  whatsappId: number | null | undefined,
): Promise<void> {
  if (whatsappId === null || whatsappId === undefined) return;
  const found = await db.maybeOne(sql`
    select 1 from whatsapps where company_id = ${companyId} and id = ${whatsappId}`);
  if (!found) throw new AppError("ERR_NO_WAPP_FOUND", 404);
}

/** The company's connections for the user dialog's select, by name. */
export async function listConnectionChoices(
  db: Queryable,
  companyId: number,
): Promise<ConnectionChoice[]> {
  return await db.query<ConnectionChoice>(sql`
    select id, name from whatsapps where company_id = ${companyId} order by lower(name), id`);
}
