/**
 * A queue's integration (`useIntegrations`) and AI prompt (`useOpenAi`): plan-gated, so the
 * server refuses them for a plan without the flag instead of trusting the hidden menu.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import type { FieldErrors } from "../../lib/http/field_errors.ts";
import { assertPlanFeature } from "../accounts/permissions.ts";

export interface QueueLinks {
  integrationId?: number | null;
  promptId?: number | null;
}

export async function assertQueueLinks(
  db: Queryable,
  companyId: number,
  links: QueueLinks,
): Promise<void> {
  const integration = links.integrationId !== undefined && links.integrationId !== null;
  const prompt = links.promptId !== undefined && links.promptId !== null;
  if (integration) await assertPlanFeature(db, companyId, "useIntegrations");
  if (prompt) await assertPlanFeature(db, companyId, "useOpenAi");
  const fields: FieldErrors = {};
  if (integration) {
    const found = await db.maybeOne(sql`select 1 from queue_integrations
      where id = ${links.integrationId!} and company_id = ${companyId}`);
    if (!found) fields.integrationId = { code: "ERR_NO_INTEGRATION_FOUND" };
  }
  if (prompt) {
    const found = await db.maybeOne(sql`select 1 from prompts
      where id = ${links.promptId!} and company_id = ${companyId}`);
    if (!found) fields.promptId = { code: "ERR_NO_PROMPT_FOUND" };
  }
  if (Object.keys(fields).length > 0) throw new AppError("ERR_VALIDATION", 400, { fields });
}
