/**
 * A new plan's defaults (admin §9: limits and price 0, every feature on) and the order in
 * which the plan form lists the features. No dependencies: the browser uses it too.
 */
import type { PlanFeature } from "../accounts/permissions.ts";

/**
 * Every flag on, in the form's order. A record typed by `PlanFeature` rather than an import
 * of the server's list (which would pull server modules into the browser bundle), so a new
 * flag fails the type check until it is added here.
 */
const ALL_FEATURES_ON: Record<PlanFeature, true> = {
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
};

export const PLAN_FEATURE_ORDER = Object.keys(ALL_FEATURES_ON) as PlanFeature[];

export const NEW_PLAN_DEFAULTS = {
  users: 0,
  connections: 0,
  queues: 0,
  value: 0,
  ...ALL_FEATURES_ON,
} as const;
