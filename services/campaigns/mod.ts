/**
 * The campaigns area's entry for the rest of the services: the reply hook (a customer's
 * answer confirming a campaign), the sweep that moves every campaign forward, and its jobs.
 */
export { campaignReplyHook } from "./replies.ts";
export { campaignJobs } from "./jobs.ts";
export { CAMPAIGN_SWEEP } from "./sweep.ts";
