/** The campaigns area's job kinds (listed in services/job_handlers.ts). */
import type { JobHandler } from "../../lib/jobs/mod.ts";
import type { ServiceDeps } from "../deps.ts";
import { CAMPAIGN_SWEEP, sweepCampaigns } from "./sweep.ts";

export function campaignJobs(deps: ServiceDeps): Record<string, JobHandler<ServiceDeps>> {
  return { [CAMPAIGN_SWEEP.kind]: () => sweepCampaigns(deps) };
}
