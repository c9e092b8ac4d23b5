/**
 * The schedules area's job kinds, listed in services/job_handlers.ts (typed here without
 * importing it, so that the two modules do not import each other).
 */
import type { JobHandler } from "../../lib/jobs/mod.ts";
import type { ServiceDeps } from "../deps.ts";
import { SEND_JOB } from "./schedules.ts";
import { sendSchedule } from "./send.ts";

export function scheduleJobs(deps: ServiceDeps): Record<string, JobHandler<ServiceDeps>> {
  return { [SEND_JOB]: (job) => sendSchedule(deps, job) };
}
