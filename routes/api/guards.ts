/**
 * The API's route guards (core §6, admin §6): each answers the signed-in caller or refuses
 * with the spec's code. The rules themselves are the accounts' (services/accounts/
 * permissions.ts) and the campaigns' (services/campaigns/access.ts); these only apply them
 * to a request.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Queryable } from "../../lib/db/mod.ts";
import { type Principal, requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { AppError } from "../../lib/http/errors.ts";
import {
  assertPlanFeature,
  can,
  isAdmin,
  type Permission,
  type PlanFeature,
} from "../../services/accounts/permissions.ts";
import { assertCampaignsEnabled } from "../../services/campaigns/access.ts";

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

/** Middleware for the campaigns area's routers: admins of a company with campaigns. */
export function requireCampaigns(db: Queryable): MiddlewareHandler<AppEnv> {
  return async function campaignsGuard(c, next) {
    const auth = requireAdmin(c);
    await assertCampaignsEnabled(db, auth.companyId);
    await next();
  };
}
