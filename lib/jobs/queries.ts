/**
 * Every statement on the `jobs` table (DESIGN §8), one function each. Claims use
 * `FOR UPDATE SKIP LOCKED`, so instances never wait on each other's rows and never claim
 * the same row; every later update is guarded by `locked_by`, so an instance whose job was
 * taken away as stale cannot overwrite the new owner's outcome.
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
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
  };
}

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  /** @default now */
  runAt?: Date;
  companyId?: number | null;
  /** @default DEFAULT_MAX_ATTEMPTS */
  maxAttempts?: number;
}

/**
 * Queues a job. Pass the transaction that makes the change the job follows from, so the
 * job exists exactly when that change does.
 *
 * @example
 * await db.transaction(async (tx) => {
 *   const schedule = await createSchedule(tx, input);
 *   await enqueueJob(tx, { kind: "schedule.send", payload: { id: schedule.id }, runAt, companyId });
 * });
 */
export async function enqueueJob(q: Queryable, job: NewJob): Promise<Job> {
  if (!job.kind) throw new TypeError('A job needs a kind, e.g. "schedule.send".');
  // `::text` first: postgres.js would JSON-encode a string bound straight to jsonb again.
  const row = await q.one<JobRow>(sql`
    insert into jobs (company_id, kind, payload, run_at, max_attempts)
    values (
      ${job.companyId ?? null}::integer,
      ${job.kind},
      ${JSON.stringify(job.payload ?? {})}::text::jsonb,
      coalesce(${job.runAt?.toISOString() ?? null}::timestamptz, now()),
      ${job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}::integer
    )
    returning *`);
  return toJob(row);
}

/** Claims up to `limit` due jobs for this instance, oldest due first. */
export async function claimJobs(q: Queryable, instanceId: string, limit: number): Promise<Job[]> {
  // `materialized` keeps the locking subquery from being folded into the update, where the
  // planner could evaluate it more than once and claim beyond the limit.
  const rows = await q.query<JobRow>(sql`
    with due as materialized (
      select id from jobs
      where status = 'queued' and run_at <= now()
      order by run_at, id
      limit ${limit}::integer
      for update skip locked
    )
    update jobs
    set status = 'running', attempts = jobs.attempts + 1, locked_by = ${instanceId}, locked_at = now()
    from due
    where jobs.id = due.id
    returning jobs.*`);
  return rows.map(toJob).sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

/** Marks a job this instance ran as done; false when it was no longer ours. */
export async function completeJob(q: Queryable, id: number, instanceId: string): Promise<boolean> {
  const result = await q.run(sql`
    update jobs
    set status = 'done', finished_at = now(), last_error = null, locked_by = null, locked_at = null
    where id = ${id} and status = 'running' and locked_by = ${instanceId}`);
  return result.rowCount > 0;
}

export interface FailOptions {
  /** Fail now whatever the attempts left (e.g. no handler for the kind). */
  permanent?: boolean;
  /** The retry waits attempts² × this. */
  retryBaseMs: number;
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
  const row = await q.maybeOne<{ status: "queued" | "failed" }>(sql`
    update jobs
    set last_error = ${reason.slice(0, MAX_ERROR_LENGTH)},
        locked_by = null,
        locked_at = null,
        status = case when ${final} then 'failed' else 'queued' end,
        finished_at = case when ${final} then now() end,
        run_at = case when ${final} then run_at
                 else now() + make_interval(secs => attempts * attempts * ${retrySeconds}::float8) end
    where id = ${id} and status = 'running' and locked_by = ${instanceId}
    returning status`);
  return row?.status ?? null;
}

/**
 * Gives back jobs left `running` longer than `staleAfterMs` (their instance died or hung):
 * queued again, or failed when that was their last attempt, so a job that kills its
 * instance cannot loop forever. Answers how many rows it changed.
 */
export async function requeueStaleJobs(q: Queryable, staleAfterMs: number): Promise<number> {
  const seconds = staleAfterMs / 1000;
  const result = await q.run(sql`
    update jobs
    set status = case when attempts >= max_attempts then 'failed' else 'queued' end,
        finished_at = case when attempts >= max_attempts then now() end,
        last_error = 'Instance ' || coalesce(locked_by, '?') || ' did not finish this job within '
          || ${String(seconds)} || ' s (it stopped or hung); run again.',
        locked_by = null,
        locked_at = null
    where status = 'running' and locked_at < now() - make_interval(secs => ${seconds}::float8)`);
  return result.rowCount;
}
