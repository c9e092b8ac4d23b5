/**
 * Who may do what, in one place (core §6, admin §6). Three kinds of rule:
 * - profile permissions: the named checks of the spec, granted to admins (plain users have
 *   none) and to the super user;
 * - plan features: the seven flags of the company's plan, enforced on the server so that a
 *   hidden menu entry is not the only barrier;
 * - super-only: the installation's own administration (companies, plans, help videos,
 *   announcements).
 * The rules are pure (or read the plan); the API's guards that apply them to a request are
 * the web layer's (routes/api/guards.ts). Pages and islands call `can` to decide what to show.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import type { Principal } from "../../lib/http/auth.ts";
import { AppError } from "../../lib/http/errors.ts";

export const PERMISSIONS = [
  "user-modal:editProfile",
  "user-modal:editQueues",
  "tickets-manager:showall",
  "ticket-options:deleteTicket",
  "connections-page:addConnection",
  "connections-page:actionButtons",
  "connections-page:editOrDeleteConnection",
  "contacts-page:deleteContact",
  "drawer-admin-items:view",
  "dashboard:view",
] as const;
export type Permission = typeof PERMISSIONS[number];

/** The profile-based grants. Admins hold every named permission; plain users none. */
const GRANTS: Readonly<Record<"user" | "admin", readonly Permission[]>> = {
  admin: PERMISSIONS,
  user: [],
};

type Who = Pick<Principal, "profile" | "super">;

export function can(who: Who, permission: Permission): boolean {
  return who.super || GRANTS[who.profile].includes(permission);
}

export function isAdmin(who: Who): boolean {
  return who.super || who.profile === "admin";
}

import type { PlanFeature, PlanFeatures } from "../plans/features.ts";
export { PLAN_FEATURES, type PlanFeature, type PlanFeatures } from "../plans/features.ts";

/** The feature flags of a company's plan. */
export async function planFeaturesOf(db: Queryable, companyId: number): Promise<PlanFeatures> {
  const row = await db.maybeOne<PlanFeatures>(sql`
    select p.use_campaigns as "useCampaigns", p.use_schedules as "useSchedules",
           p.use_internal_chat as "useInternalChat", p.use_external_api as "useExternalApi",
           p.use_kanban as "useKanban", p.use_open_ai as "useOpenAi",
           p.use_integrations as "useIntegrations"
    from companies c join plans p on p.id = c.plan_id where c.id = ${companyId}`);
  if (!row) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
  return row;
}

/**
 * 403 ERR_FEATURE_NOT_IN_PLAN unless the company's plan includes `feature`: for services whose
 * calls are open to every plan but whose one field or list belongs to a plan-gated area
 * (a tag's kanban lane, a queue's integration or prompt).
 */
export async function assertPlanFeature(
  db: Queryable,
  companyId: number,
  feature: PlanFeature,
): Promise<void> {
  const features = await planFeaturesOf(db, companyId);
  if (!features[feature]) throw new AppError("ERR_FEATURE_NOT_IN_PLAN", 403);
}
