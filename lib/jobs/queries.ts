/**
 * Every statement on the `jobs` table (DESIGN §8), one function each. Claims use
 * `FOR UPDATE SKIP LOCKED`, so instances never wait on each other's rows and never claim
 * the same row; every later update is guarded by `locked_by`, so an instance whose job was
 * taken away as stale cannot overwrite the new owner's outcome. Time is a parameter (`now`,
 * from the runner's clock), never SQL `now()`, so tests move a fake clock instead of sleeping.
 */
import { type Queryable, sql } from "../db/mod.ts";

/** Matches the column default in migrations/0001_init.sql. */
export const DEFAULT_MAX_ATTEMPTS = 3;
/** `last_error` keeps the start of long messages only. */
const MAX_ERROR_LENGTH = 2000;

export interface Job<P = Record<string, unknown>> {
  id: number;
  /** Null for platform jobs. */
  companyId: number | null;
  kind: string;
  payload: P;
  runAt: Date;
  /** Set when the job must exist once while queued or running ("schedule:42"). */
  uniqueKey: string | null;
  /** Counting this run. */
  attempts: number;
  maxAttempts: number;
}

interface JobRow {
  id: number;
  company_id: number | null;
  kind: string;
  payload: Record<string, unknown>;
  run_at: Date;
  unique_key: string | null;
  attempts: number;
  max_attempts: number;
}

function toJob(row: JobRow): Job {
  return {
    id: Number(row.id),
    companyId: row.company_id,
    kind: row.kind,
    payload: row.payload,
    runAt: new Date(row.run_at),
    uniqueKey: row.unique_key,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
  };
}

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  /** When it may run: `deps.clock.now()` for "as soon as possible", later for a due time. */
  runAt: Date;
  /**
   * Makes the job exist once while queued or running. Enqueueing a key that is queued
   * replaces that job's run-at, payload and attempts limit (the latest enqueue wins: a
   * schedule moved to another time moves its job); a key that is running is left alone
   * and its row answered. Once done or failed, the key may be queued again.
   */
  uniqueKey?: string;
  companyId?: number | null;
  /** @default DEFAULT_MAX_ATTEMPTS */
  maxAttempts?: number;
}

/**
 * Queues a job (or moves the queued job with the same unique key). Pass the transaction that
 * makes the change the job follows from, so the job exists exactly when that change does.
 *
 * @example
 * await db.transaction(async (tx) => {
 *   const schedule = await createSchedule(tx, input);
 *   await enqueueJob(tx, {
 *     kind: "schedule.send", payload: { id: schedule.id }, runAt: schedule.sendAt,
 *     uniqueKey: `schedule:${schedule.id}`, companyId,
 *   });
 * });
 */
export async function enqueueJob(q: Queryable, job: NewJob): Promise<Job> {
  if (!job.kind) throw new TypeError('A job needs a kind, e.g. "schedule.send".');
  if (!(job.runAt instanceof Date) || Number.isNaN(job.runAt.getTime())) {
    throw new TypeError(`Job "${job.kind}" needs a valid runAt (e.g. deps.clock.now()).`);
  }
  // `::text` first: postgres.js would JSON-encode a string bound straight to jsonb again.
  const values = sql`(
      ${job.companyId ?? null}::integer,
      ${job.kind},
      ${JSON.stringify(job.payload ?? {})}::text::jsonb,
      ${job.runAt.toISOString()}::timestamptz,
      ${job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}::integer,
      ${job.uniqueKey ?? null}::text
    )`;
  const insert = sql`
    insert into jobs (company_id, kind, payload, run_at, max_attempts, unique_key)
    values ${values}`;
  if (job.uniqueKey === undefined) return toJob(await q.one<JobRow>(sql`${insert} returning *`));
  // Two tries: the running job that blocked the first may finish before we read it.
  for (let attempt = 0; attempt < 2; attempt++) {
    const placed = await q.maybeOne<JobRow>(sql`
      ${insert}
      on conflict (unique_key) where unique_key is not null and status in ('queued', 'running')
      do update set company_id = excluded.company_id, kind = excluded.kind,
                    payload = excluded.payload, run_at = excluded.run_at,
                    max_attempts = excluded.max_attempts
        where jobs.status = 'queued'
      returning *`);
    if (placed) return toJob(placed);
    const running = await q.maybeOne<JobRow>(sql`
      select * from jobs where unique_key = ${job.uniqueKey} and status in ('queued', 'running')`);
    if (running) return toJob(running);
  }
  throw new Error(`Could not queue job "${job.uniqueKey}": it kept changing state.`);
}

/**
 * Calls off the queued job with this unique key (a deleted schedule's send, a timer that no
 * longer applies); answers whether there was one. A running job is left to finish: its
 * handler checks that its work still applies.
 */
export async function cancelJob(q: Queryable, uniqueKey: string): Promise<boolean> {
  const result = await q.run(sql`
    delete from jobs where unique_key = ${uniqueKey} and status = 'queued'`);
  return result.rowCount > 0;
}

/** Recurring work: at each `cron` time a job of `kind` is queued, once across instances. */
export interface Sweep {
  kind: string;
  /** Croner pattern with seconds, e.g. "0 0 3 * * *" (03:00 every day). */
  cron: string;
  payload?: Record<string, unknown>;
}

/**
 * Queues a sweep's run under the unique key `sweep:<kind>`: every instance's croner fires,
 * and they all land on the one job (a run still waiting is moved to `now`).
 */
export function enqueueSweep(q: Queryable, sweep: Sweep, now: Date): Promise<Job> {
  return enqueueJob(q, {
    kind: sweep.kind,
    payload: sweep.payload,
    runAt: now,
    uniqueKey: `sweep:${sweep.kind}`,
  });
}

/** Claims up to `limit` due jobs for this instance, oldest due first. */
export async function claimJobs(
  q: Queryable,
  instanceId: string,
  limit: number,
  now: Date,
): Promise<Job[]> {
  // `materialized` keeps the locking subquery from being folded into the update, where the
  // planner could evaluate it more than once and claim beyond the limit.
  const rows = await q.query<JobRow>(sql`
    with due as materialized (
      select id from jobs
      where status = 'queued' and run_at <= ${now.toISOString()}::timestamptz
      order by run_at, id
      limit ${limit}::integer
      for update skip locked
    )
    update jobs
    set status = 'running', attempts = jobs.attempts + 1, locked_by = ${instanceId},
        locked_at = ${now.toISOString()}::timestamptz
    from due
    where jobs.id = due.id
    returning jobs.*`);
  return rows.map(toJob).sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

/** When the next queued job comes due (the first after `now`), or null when none is queued. */
export async function nextRunAt(q: Queryable, now: Date): Promise<Date | null> {
  const row = await q.one<{ at: string | Date | null }>(sql`
    select min(run_at) as at from jobs
    where status = 'queued' and run_at > ${now.toISOString()}::timestamptz`);
  return row.at === null ? null : new Date(row.at);
}

/** Marks a job this instance ran as done; false when it was no longer ours. */
export async function completeJob(
  q: Queryable,
  id: number,
  instanceId: string,
  now: Date,
): Promise<boolean> {
  const result = await q.run(sql`
    update jobs
    set status = 'done', finished_at = ${now.toISOString()}::timestamptz, last_error = null, locked_by = null, locked_at = null
    where id = ${id} and status = 'running' and locked_by = ${instanceId}`);
  return result.rowCount > 0;
}

export interface FailOptions {
  /** Fail now whatever the attempts left (e.g. no handler for the kind). */
  permanent?: boolean;
  /** The retry waits attempts² × this. */
  retryBaseMs: number;
  now: Date;
}

/**
 * Records why a run failed, then queues the retry (backoff computed in SQL from the
 * attempts so far) or, with no attempts left, marks the job failed. Answers the new status.
 */
export async function failJob(
  q: Queryable,
  id: number,
  instanceId: string,
  reason: string,
  options: FailOptions,
): Promise<"queued" | "failed" | null> {
  const final = sql`(${options.permanent ?? false}::boolean or attempts >= max_attempts)`;
  const retrySeconds = options.retryBaseMs / 1000;
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const row = await q.maybeOne<{ status: "queued" | "failed" }>(sql`
    update jobs
    set last_error = ${reason.slice(0, MAX_ERROR_LENGTH)},
        locked_by = null,
        locked_at = null,
        status = case when ${final} then 'failed' else 'queued' end,
        finished_at = case when ${final} then ${now} end,
        run_at = case when ${final} then run_at
                 else ${now} + make_interval(secs => attempts * attempts * ${retrySeconds}::float8) end
    where id = ${id} and status = 'running' and locked_by = ${instanceId}
    returning status`);
  return row?.status ?? null;
}

/**
 * Gives back jobs left `running` longer than `staleAfterMs` (their instance died or hung):
 * queued again, or failed when that was their last attempt, so a job that kills its
 * instance cannot loop forever. Answers how many rows it changed.
 */
export async function requeueStaleJobs(
  q: Queryable,
  staleAfterMs: number,
  nowDate: Date,
): Promise<number> {
  const seconds = staleAfterMs / 1000;
  const now = sql`${nowDate.toISOString()}::timestamptz`;
  const result = await q.run(sql`
    update jobs
    set status = case when attempts >= max_attempts then 'failed' else 'queued' end,
        finished_at = case when attempts >= max_attempts then ${now} end,
        last_error = 'Instance ' || coalesce(locked_by, '?') || ' did not finish this job within '
          || ${String(seconds)} || ' s (it stopped or hung); run again.',
        locked_by = null,
        locked_at = null
    where status = 'running' and locked_at < ${now} - make_interval(secs => ${seconds}::float8)`);
  return result.rowCount;
}
