/**
 * Asks WhatsApp which numbers have an account (admin §2: every imported or added number is
 * checked, `isWhatsappValid`, and stored as WhatsApp spells it), through the connection
 * given or the company's default one, when it runs connected on this instance. Otherwise
 * the numbers are kept as "not checked" (null) rather than refused: an import must not
 * fail because the phone is offline, and a campaign sends to every number not known bad.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import type { ServiceDeps } from "../deps.ts";

export interface CheckedNumber {
  number: string;
  valid: boolean | null;
}

/** The connection that checks numbers: the one named (of this company) or the default. */
export async function checkingConnection(
  db: Queryable,
  companyId: number,
  whatsappId?: number,
): Promise<number | undefined> {
  if (whatsappId !== undefined) {
    const row = await db.maybeOne<{ id: number }>(sql`
      select id from whatsapps where company_id = ${companyId} and id = ${whatsappId}`);
    if (!row) throw new AppError("ERR_NO_WAPP_FOUND", 404);
    return row.id;
  }
  const row = await db.maybeOne<{ id: number }>(sql`
    select id from whatsapps where company_id = ${companyId}
    order by is_default desc, (status = 'CONNECTED') desc, id limit 1`);
  return row?.id;
}

/** One answer per number, in order; a provider error leaves the numbers unchecked. */
export async function checkOnWhatsapp(
  deps: Pick<ServiceDeps, "sessions" | "log">,
  connectionId: number | undefined,
  numbers: readonly string[],
): Promise<CheckedNumber[]> {
  const unchecked = () => numbers.map((number) => ({ number, valid: null }));
  if (connectionId === undefined || numbers.length === 0) return unchecked();
  try {
    const answers = await deps.sessions.checkNumbers(connectionId, numbers);
    if (!answers) return unchecked();
    return answers.map((a) => ({
      number: a.exists ? a.whatsappNumber ?? a.number : a.number,
      valid: a.exists,
    }));
  } catch (error) {
    deps.log.error("contact lists: the WhatsApp number check failed", { connectionId, error });
    return unchecked();
  }
}
