/**
 * The seven feature flags of a plan (admin §2, §7), in the order screens list them. No
 * imports: the server's permission checks and the browser's plan picker share it.
 */
export const PLAN_FEATURES = [
  "useCampaigns",
  "useSchedules",
  "useInternalChat",
  "useExternalApi",
  "useKanban",
  "useOpenAi",
  "useIntegrations",
] as const;
export type PlanFeature = typeof PLAN_FEATURES[number];
export type PlanFeatures = Record<PlanFeature, boolean>;
