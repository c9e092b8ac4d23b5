/**
 * The embedded job runner (DESIGN §8). A croner tick, every second by default, gives back
 * stale jobs, claims due ones with SKIP LOCKED and runs them. Croner fires in every
 * instance; that is fine here because claiming, not the tick, decides who runs a job.
 * Runs are at least once: a job re-queued as stale may have done part of its work, so
 * handlers must be idempotent (e.g. check the outbox row before sending).
 *
 * Due times, backoff and staleness are read from `deps.clock`, so a test that advances a
 * `FakeClock` and calls `tick()` sees exactly what the wall clock would have done, at once.
 *
 * @example
 * const runner = createJobRunner({ deps, instanceId, handlers: createJobHandlers(deps) });
 * runner.start();
 * // on shutdown, before the database closes:
 * await runner.stop();
 */
import { Cron } from "croner";
import type { Db } from "../db/mod.ts";
import { type Clock, systemClock } from "../clock.ts";
import { consoleLog, type Log } from "../log.ts";
import {
  claimJobs,
  completeJob,
  enqueueSweep,
  failJob,
  type Job,
  nextRunAt,
  requeueStaleJobs,
  type Sweep,
} from "./queries.ts";

/** What the runner itself needs from the dependencies it hands to handlers. */
export interface JobRunnerDeps {
  db: Db;
  /** @default the wall clock */
  clock?: Clock;
  /** @default the console */
  log?: Log;
}

export interface JobContext<D extends JobRunnerDeps = JobRunnerDeps> {
  /** The application's dependencies (ServiceDeps in the server), so handlers do domain work. */
  deps: D;
  db: Db;
  instanceId: string;
  /** Aborted when the runner stops: long handlers should give up and throw. */
  signal: AbortSignal;
}

export type JobHandler<D extends JobRunnerDeps = JobRunnerDeps> = (
  job: Job,
  ctx: JobContext<D>,
) => Promise<void>;

export interface JobRunnerOptions<D extends JobRunnerDeps = JobRunnerDeps> {
  deps: D;
  /** Recorded in `locked_by`; must differ between live instances. */
  instanceId: string;
  handlers: Record<string, JobHandler<D>>;
  /** Croner pattern with seconds. @default "* * * * * *" (every second) */
  cron?: string;
  /**
   * Recurring work: croner only queues a job of the sweep's kind at its times (one job
   * across instances, see enqueueSweep); the work itself runs like any other job.
   */
  sweeps?: Sweep[];
  /** Jobs claimed per tick, run concurrently. @default 10 */
  batchSize?: number;
  /** A job `running` this long is taken as abandoned. Keep it above the slowest handler. @default 600_000 */
  staleAfterMs?: number;
  /** A failed run is retried after attempts² × this. @default 1000 */
  retryBaseMs?: number;
}

/** The default croner tick's period: a due job is woken for when it comes sooner. */
const TICK_MS = 1000;

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

export function createJobRunner<D extends JobRunnerDeps>(options: JobRunnerOptions<D>): JobRunner {
  const { deps, instanceId, handlers } = options;
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  const log = deps.log ?? consoleLog;
  const batchSize = options.batchSize ?? 10;
  const staleAfterMs = options.staleAfterMs ?? 600_000;
  const retryBaseMs = options.retryBaseMs ?? 1000;
  const abort = new AbortController();
  const ctx: JobContext<D> = { deps, db, instanceId, signal: abort.signal };
  let cron: Cron | undefined;
  const sweepCrons: Cron[] = [];
  const sweeps = options.sweeps ?? [];
  for (const sweep of sweeps) {
    if (!Object.hasOwn(handlers, sweep.kind)) {
      throw new Error(`The sweep "${sweep.kind}" has no handler of that kind.`);
    }
  }
  let current: Promise<TickResult> | undefined;
  let stopped = false;
  let wake: ReturnType<typeof setTimeout> | undefined;
  /** The rounds in flight (a croner tick's, a wake-up's), awaited on stop. */
  const rounds = new Set<Promise<void>>();

  async function runOne(job: Job, result: TickResult): Promise<void> {
    const handler = Object.hasOwn(handlers, job.kind) ? handlers[job.kind] : undefined;
    if (!handler) {
      const known = Object.keys(handlers).join(", ") || "none";
      const reason =
        `ERR_UNKNOWN_JOB_KIND: no handler for job kind "${job.kind}" (this instance handles: ${known}).`;
      const failing = { permanent: true, retryBaseMs, now: clock.now() };
      if (await failJob(db, job.id, instanceId, reason, failing)) {
        result.failed++;
      }
      return;
    }
    try {
      await handler(job, ctx);
    } catch (err) {
      const reason = err instanceof Error ? err.message || err.name : String(err);
      const status = await failJob(db, job.id, instanceId, reason, {
        retryBaseMs,
        now: clock.now(),
      });
      if (status === "failed") result.failed++;
      if (status === "queued") result.retried++;
      return;
    }
    if (await completeJob(db, job.id, instanceId, clock.now())) result.done++;
  }

  async function runTick(): Promise<TickResult> {
    const result: TickResult = { requeued: 0, claimed: 0, done: 0, retried: 0, failed: 0 };
    result.requeued = await requeueStaleJobs(db, staleAfterMs, clock.now());
    const jobs = await claimJobs(db, instanceId, batchSize, clock.now());
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
      const runDue = () => {
        const run = drainDue().finally(() => rounds.delete(run));
        rounds.add(run);
        return run;
      };
      const drainDue = async () => {
        try {
          // A full batch means more are due (1,000 schedules in one minute): keep claiming
          // now instead of one batch a second.
          while ((await tick()).claimed === batchSize && !stopped);
          if (stopped) return;
          // A job due just after this tick would wait for the next one, up to a second late
          // (a schedule's send): wake at its time instead when it comes before that tick.
          const next = await nextRunAt(db, clock.now());
          const wait = next ? next.getTime() - clock.now().getTime() : Infinity;
          if (wait < TICK_MS && !stopped) {
            clearTimeout(wake);
            wake = setTimeout(() => void runDue(), Math.max(0, wait));
          }
        } catch (err) {
          // The database may be briefly unreachable; the next tick tries again.
          log.error(`jobs: a tick on ${instanceId} failed:`, err);
        }
      };
      cron = new Cron(options.cron ?? "* * * * * *", { protect: true }, runDue);
      for (const sweep of sweeps) {
        sweepCrons.push(
          new Cron(sweep.cron, { protect: true }, async function queueSweep() {
            try {
              await enqueueSweep(db, sweep, clock.now());
            } catch (err) {
              log.error(`jobs: queueing the sweep "${sweep.kind}" failed:`, err);
            }
          }),
        );
      }
    },

    async stop() {
      stopped = true;
      // Croner keeps the process alive until its job is stopped.
      cron?.stop();
      clearTimeout(wake);
      for (const sweepCron of sweepCrons) sweepCron.stop();
      abort.abort(new Error("The job runner is stopping."));
      await current?.catch(() => {});
      await Promise.all(rounds);
    },

    tick,
  };
}
