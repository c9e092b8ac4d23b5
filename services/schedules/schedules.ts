/**
 * Scheduled messages (admin §2 "/schedules", §3 Schedule, §4, §5): a text (and an optional
 * picture) for one contact at a future time. Each waiting schedule has one domain job due at
 * its `sendAt` (unique key `schedule:<id>`), written in the same transaction as the schedule:
 * moved when the time is edited, removed when the schedule is deleted (services/schedules/send.ts
 * sends it). The company always comes from the caller; the plan must include `useSchedules`.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { containsPattern, pageClause, pageOf } from "../../lib/db/paging.ts";
import { AppError } from "../../lib/http/errors.ts";
import { cancelJob, enqueueJob } from "../../lib/jobs/mod.ts";
import type { ServiceDeps } from "../deps.ts";
import { publishSchedule } from "./events.ts";
import {
  findSchedule,
  lockForChange,
  type Schedule,
  selectSchedules,
  showSchedule,
  type Who,
  withMediaLink,
} from "./queries.ts";

export { showSchedule };
export type { Schedule };

export type ScheduleDeps =
  & Pick<ServiceDeps, "db" | "hub" | "media" | "clock">
  & Partial<Pick<ServiceDeps, "mediaLinks">>;

export const SEND_JOB = "schedule.send";
/** Tries of a send before the schedule is ERRO (the job runner waits attempts² s between). */
export const SEND_ATTEMPTS = 4;

export const jobKeyOf = (id: number) => `schedule:${id}`;

export interface ScheduleInput {
  body: string;
  contactId: number;
  sendAt: Date;
}

export interface ScheduleQuery {
  searchParam: string;
  pageNumber: number;
  contactId?: number;
  userId?: number;
  /** The calendar's window: every schedule from `from` until before `to`, unpaged. */
  from?: Date;
  to?: Date;
}

/** The calendar's window holds at most this many (a month of a busy company). */
const WINDOW_LIMIT = 2000;

export async function listSchedules(
  deps: Pick<ScheduleDeps, "db" | "mediaLinks">,
  who: Who,
  query: ScheduleQuery,
): Promise<{ schedules: Schedule[]; count: number; hasMore: boolean }> {
  const filters = [];
  const search = query.searchParam.trim();
  if (search) {
    const pattern = containsPattern(search);
    filters.push(sql`and (lower(s.body) like ${pattern} or lower(c.name) like ${pattern})`);
  }
  if (query.contactId) filters.push(sql`and s.contact_id = ${query.contactId}`);
  if (query.userId) filters.push(sql`and s.user_id = ${query.userId}`);
  if (query.from) filters.push(sql`and s.send_at >= ${query.from.toISOString()}::timestamptz`);
  if (query.to) filters.push(sql`and s.send_at < ${query.to.toISOString()}::timestamptz`);
  const where = sql.join(filters, " ");
  const windowed = query.from !== undefined && query.to !== undefined;
  const tail = windowed
    ? sql`order by s.send_at, s.id limit ${WINDOW_LIMIT}`
    : sql`order by s.send_at desc, s.id desc ${pageClause(query.pageNumber)}`;
  const rows = await deps.db.query<Schedule>(selectSchedules(who.companyId, where, tail));
  const page = windowed ? { rows, hasMore: false } : pageOf(rows);
  const { count } = await deps.db.one<{ count: number }>(sql`
    select count(*)::int as count from schedules s join contacts c on c.id = s.contact_id
    where s.company_id = ${who.companyId} ${where}`);
  return {
    schedules: page.rows.map((row) => withMediaLink(deps.mediaLinks, row)),
    count,
    hasMore: page.hasMore,
  };
}

async function assertContact(db: Queryable, companyId: number, contactId: number) {
  const contact = await db.maybeOne(sql`
    select 1 from contacts where company_id = ${companyId} and id = ${contactId}`);
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
}

/** Queues (or moves) the schedule's send to its time. */
export function queueSend(tx: Queryable, companyId: number, id: number, sendAt: Date) {
  return enqueueJob(tx, {
    kind: SEND_JOB,
    payload: { id },
    runAt: sendAt,
    uniqueKey: jobKeyOf(id),
    companyId,
    maxAttempts: SEND_ATTEMPTS,
  });
}

export async function createSchedule(
  deps: ScheduleDeps,
  who: Who,
  input: ScheduleInput,
): Promise<Schedule> {
  const record = await deps.db.transaction(async (tx) => {
    await assertContact(tx, who.companyId, input.contactId);
    const { id } = await tx.one<{ id: number }>(sql`
      insert into schedules (company_id, contact_id, user_id, body, send_at, created_at,
                             updated_at)
      values (${who.companyId}, ${input.contactId}, ${who.userId}, ${input.body},
              ${input.sendAt.toISOString()}::timestamptz, ${deps.clock.now().toISOString()},
              ${deps.clock.now().toISOString()})
      returning id`);
    await queueSend(tx, who.companyId, id, input.sendAt);
    return (await findSchedule(tx, who.companyId, id))!;
  });
  const shown = withMediaLink(deps.mediaLinks, record);
  await publishSchedule(deps.hub, who.companyId, { action: "create", schedule: shown });
  return shown;
}

/**
 * Changes a schedule that was not sent yet. Its job moves to the new time, and one that
 * failed (ERRO) or was being retried is tried afresh: saving it again means "send it now
 * as it is", unlike the anchor, which kept the old status.
 */
export async function updateSchedule(
  deps: ScheduleDeps,
  who: Who,
  id: number,
  input: Partial<ScheduleInput>,
): Promise<Schedule> {
  const record = await deps.db.transaction(async (tx) => {
    await lockForChange(tx, who, id);
    if (input.contactId !== undefined) await assertContact(tx, who.companyId, input.contactId);
    const sets = [
      sql`status = 'PENDENTE'`,
      sql`error = null`,
      sql`updated_at = ${deps.clock.now().toISOString()}::timestamptz`,
    ];
    if (input.body !== undefined) sets.push(sql`body = ${input.body}`);
    if (input.contactId !== undefined) sets.push(sql`contact_id = ${input.contactId}`);
    if (input.sendAt) sets.push(sql`send_at = ${input.sendAt.toISOString()}::timestamptz`);
    const { send_at } = await tx.one<{ send_at: Date }>(sql`
      update schedules set ${sql.join(sets)}
      where company_id = ${who.companyId} and id = ${id}
      returning send_at`);
    await queueSend(tx, who.companyId, id, new Date(send_at));
    return (await findSchedule(tx, who.companyId, id))!;
  });
  const shown = withMediaLink(deps.mediaLinks, record);
  await publishSchedule(deps.hub, who.companyId, { action: "update", schedule: shown });
  return shown;
}

/** Deletes a schedule and its waiting send; a sent one's picture stays with its message. */
export async function deleteSchedule(deps: ScheduleDeps, who: Who, id: number): Promise<void> {
  const row = await deps.db.transaction(async (tx) => {
    const locked = await lockForChange(tx, who, id, { sentAllowed: true });
    await tx.run(sql`delete from schedules where company_id = ${who.companyId} and id = ${id}`);
    await cancelJob(tx, jobKeyOf(id));
    return locked;
  });
  if (row.mediaFile && row.status !== "ENVIADA") await deps.media.remove(row.mediaFile);
  await publishSchedule(deps.hub, who.companyId, { action: "delete", scheduleId: id });
}
