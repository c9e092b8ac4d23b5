/** Background jobs: rows with a due time, claimed with SKIP LOCKED (DESIGN §8). */
export { createJobRunner } from "./runner.ts";
export type {
  JobContext,
  JobHandler,
  JobRunner,
  JobRunnerDeps,
  JobRunnerOptions,
  TickResult,
} from "./runner.ts";
export { cancelJob, DEFAULT_MAX_ATTEMPTS, enqueueJob, enqueueSweep } from "./queries.ts";
export type { Job, NewJob, Sweep } from "./queries.ts";
