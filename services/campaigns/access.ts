/**
 * Who may use the campaigns area (admin §1, §6): admins of a company whose plan has
 * `useCampaigns` or that the super user gave the `campaignsEnabled` setting, the same rule as
 * the menu and the pages (services/accounts/page_access.ts). Others get 403
 * ERR_FEATURE_NOT_IN_PLAN (or ERR_NO_PERMISSION for a plain user: routes/api/guards.ts),
 * whatever the screen hides.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { planFeaturesOf } from "../accounts/permissions.ts";
import { campaignsEnabled } from "../accounts/page_access.ts";

export async function assertCampaignsEnabled(db: Queryable, companyId: number): Promise<void> {
  const features = await planFeaturesOf(db, companyId);
  const setting = await db.maybeOne<{ value: string }>(sql`
    select value from settings where company_id = ${companyId} and key = 'campaignsEnabled'`);
  const settings: Record<string, string> = setting ? { campaignsEnabled: setting.value } : {};
  const viewer = { profile: "admin" as const, super: false, features, settings };
  if (!campaignsEnabled(viewer)) throw new AppError("ERR_FEATURE_NOT_IN_PLAN", 403);
}
