/**
 * The embedded job runner (DESIGN §8). A croner tick, every second by default, gives back
 * stale jobs, claims due ones with SKIP LOCKED and runs them. Croner fires in every
 * instance; that is fine here because claiming, not the tick, decides who runs a job.
 * Runs are at least once: a job re-queued as stale may have done part of its work, so
 * handlers must be idempotent (e.g. check the outbox row before sending).
 *
 * @example
 * const runner = createJobRunner({ db, instanceId, handlers: { "schedule.send": sendSchedule } });
 * runner.start();
 * // on shutdown, before the database closes:
 * await runner.stop();
 */
import { Cron } from "croner";
import type { Db } from "../db/mod.ts";
import { claimJobs, completeJob, failJob, type Job, requeueStaleJobs } from "./queries.ts";

export interface JobContext {
  db: Db;
  instanceId: string;
  /** Aborted when the runner stops: long handlers should give up and throw. */
  signal: AbortSignal;
}

export type JobHandler = (job: Job, ctx: JobContext) => Promise<void>;

export interface JobRunnerOptions {
  db: Db;
  /** Recorded in `locked_by`; must differ between live instances. */
  instanceId: string;
  handlers: Record<string, JobHandler>;
  /** Croner pattern with seconds. @default "* * * * * *" (every second) */
  cron?: string;
  /** Jobs claimed per tick, run concurrently. @default 10 */
  batchSize?: number;
  /** A job `running` this long is taken as abandoned. Keep it above the slowest handler. @default 600_000 */
  staleAfterMs?: number;
  /** A failed run is retried after attempts² × this. @default 1000 */
  retryBaseMs?: number;
}

export interface TickResult {
  requeued: number;
  claimed: number;
  done: number;
  retried: number;
  failed: number;
}

export interface JobRunner {
  /** Starts the croner schedule. */
  start(): void;
  /** Stops the schedule and waits for the jobs in flight. */
  stop(): Promise<void>;
  /** Runs one tick now (joins the one in progress if there is one). */
  tick(): Promise<TickResult>;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, instanceId, handlers } = options;
  const batchSize = options.batchSize ?? 10;
  const staleAfterMs = options.staleAfterMs ?? 600_000;
  const retryBaseMs = options.retryBaseMs ?? 1000;
  const abort = new AbortController();
  const ctx: JobContext = { db, instanceId, signal: abort.signal };
  let cron: Cron | undefined;
  let current: Promise<TickResult> | undefined;
  let stopped = false;

  async function runOne(job: Job, result: TickResult): Promise<void> {
    const handler = Object.hasOwn(handlers, job.kind) ? handlers[job.kind] : undefined;
    if (!handler) {
      const known = Object.keys(handlers).join(", ") || "none";
      const reason =
        `ERR_UNKNOWN_JOB_KIND: no handler for job kind "${job.kind}" (this instance handles: ${known}).`;
      if (await failJob(db, job.id, instanceId, reason, { permanent: true, retryBaseMs })) {
        result.failed++;
      }
      return;
    }
    try {
      await handler(job, ctx);
    } catch (err) {
      const reason = err instanceof Error ? err.message || err.name : String(err);
      const status = await failJob(db, job.id, instanceId, reason, { retryBaseMs });
      if (status === "failed") result.failed++;
      if (status === "queued") result.retried++;
      return;
    }
    if (await completeJob(db, job.id, instanceId)) result.done++;
  }

  async function runTick(): Promise<TickResult> {
    const result: TickResult = { requeued: 0, claimed: 0, done: 0, retried: 0, failed: 0 };
    result.requeued = await requeueStaleJobs(db, staleAfterMs);
    const jobs = await claimJobs(db, instanceId, batchSize);
    result.claimed = jobs.length;
    await Promise.all(jobs.map((job) => runOne(job, result)));
    return result;
  }

  function tick(): Promise<TickResult> {
    if (stopped) {
      return Promise.resolve({ requeued: 0, claimed: 0, done: 0, retried: 0, failed: 0 });
    }
    current ??= runTick().finally(() => (current = undefined));
    return current;
  }

  return {
    start() {
      if (stopped) throw new Error("This job runner was stopped; create a new one.");
      if (cron) return;
      cron = new Cron(options.cron ?? "* * * * * *", { protect: true }, async function jobsTick() {
        try {
          await tick();
        } catch (err) {
          // The database may be briefly unreachable; the next tick tries again.
          console.error(`jobs: a tick on ${instanceId} failed:`, err);
        }
      });
    },

    async stop() {
      stopped = true;
      // Croner keeps the process alive until its job is stopped.
      cron?.stop();
      abort.abort(new Error("The job runner is stopping."));
      await current?.catch(() => {});
    },

    tick,
  };
}
