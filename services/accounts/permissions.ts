/**
 * Who may do what, in one place (core §6, admin §6). Three kinds of rule:
 * - profile permissions: the named checks of the spec, granted to admins (plain users have
 *   none) and to the super user;
 * - plan features: the seven flags of the company's plan, enforced on the server so that a
 *   hidden menu entry is not the only barrier;
 * - super-only: the installation's own administration (companies, plans, help videos,
 *   announcements).
 * Routes call the `require*` guards; pages and islands call `can` to decide what to show.
 */
import type { Context, MiddlewareHandler } from "hono";
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { type Principal, requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
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

/** The signed-in caller if they hold `permission`, else 403 ERR_NO_PERMISSION. */
export function requirePermission(c: Context<AppEnv>, permission: Permission): Principal {
  const auth = requireAuth(c);
  if (!can(auth, permission)) throw new AppError("ERR_NO_PERMISSION", 403);
  return auth;
}

/** The signed-in caller if an admin (or the super user), else 403 ERR_NO_PERMISSION. */
export function requireAdmin(c: Context<AppEnv>): Principal {
  const auth = requireAuth(c);
  if (!isAdmin(auth)) throw new AppError("ERR_NO_PERMISSION", 403);
  return auth;
}

/** The signed-in caller if the super user, else 403 ERR_NO_PERMISSION. */
export function requireSuper(c: Context<AppEnv>): Principal {
  const auth = requireAuth(c);
  if (!auth.super) throw new AppError("ERR_NO_PERMISSION", 403);
  return auth;
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
 * Middleware for a whole router of a plan-gated area: signed-in callers whose company's plan
 * lacks `feature` get 403 ERR_FEATURE_NOT_IN_PLAN (the browser shows the spec's toast and
 * goes to "/"). Anonymous callers get the usual 401/403 from `requireAuth`.
 */
export function requireFeature(db: Queryable, feature: PlanFeature): MiddlewareHandler<AppEnv> {
  return async function featureGuard(c, next) {
    const auth = requireAuth(c);
    await assertPlanFeature(db, auth.companyId, feature);
    await next();
  };
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
