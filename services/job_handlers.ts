/**
 * The background job kinds this installation runs (DESIGN §8); the hooks are beside it, in
 * services/hooks.ts. Each area that has jobs keeps
 * them in `services/<area>/jobs.ts` as a function of the `ServiceDeps` answering its
 * handlers by kind ("schedule.send", "campaign.ship", "invoice.generate"…), and is listed in
 * `AREA_JOBS` below; a queued job whose kind is not here fails at once with the reason on
 * its row. Kinds are prefixed with their area, and two areas claiming one kind is refused at
 * start rather than one silently replacing the other.
 *
 * @example
 * // services/schedules/jobs.ts
 * export function scheduleJobs(deps: ServiceDeps): DomainJobs {
 *   return { "schedule.send": (job) => sendSchedule(deps, Number(job.payload.id)) };
 * }
 * // and here: const AREA_JOBS = [scheduleJobs];
 * // queued with enqueueJob(tx, { kind: "schedule.send", runAt, uniqueKey: `schedule:${id}` })
 */
import type { JobHandler, Sweep } from "../lib/jobs/mod.ts";
import type { ServiceDeps } from "./deps.ts";
import { automationJobs } from "./automation/mod.ts";
import { scheduleJobs } from "./schedules/mod.ts";
import { CAMPAIGN_SWEEP, campaignJobs } from "./campaigns/mod.ts";
import { billingJobs, INVOICE_SWEEP } from "./billing/jobs.ts";
import { aiJobs } from "./prompts/mod.ts";
import { integrationJobs } from "./integrations/mod.ts";

/** One area's handlers by job kind; the context carries the same `ServiceDeps` as `deps`. */
export type DomainJobs = Record<string, JobHandler<ServiceDeps>>;

export type AreaJobs = (deps: ServiceDeps) => DomainJobs;

/** Every area with jobs. */
const AREA_JOBS: AreaJobs[] = [
  automationJobs,
  scheduleJobs,
  campaignJobs,
  billingJobs,
  aiJobs,
  integrationJobs,
];

/**
 * Recurring sweeps: croner queues each at its times (and main.ts once at start), one job
 * across instances; the handler of the same kind does the work.
 */
export const SWEEPS: readonly Sweep[] = [CAMPAIGN_SWEEP, INVOICE_SWEEP];

export function createJobHandlers(deps: ServiceDeps, areas: AreaJobs[] = AREA_JOBS): DomainJobs {
  const handlers: DomainJobs = {};
  for (const area of areas) {
    for (const [kind, handler] of Object.entries(area(deps))) {
      if (Object.hasOwn(handlers, kind)) {
        throw new Error(`Two areas handle the job kind "${kind}" (${area.name} and another).`);
      }
      handlers[kind] = handler;
    }
  }
  return handlers;
}
