/**
 * Reading schedules: every user of the company sees its schedules (the calendar is shared);
 * another company's schedule answers "not found". Attachments are served by the media route
 * and answered with signed addresses, as quick messages' are.
 */
import { type Queryable, type Sql, sql } from "../../lib/db/mod.ts";
import type { Principal } from "../../lib/http/auth.ts";
import { AppError } from "../../lib/http/errors.ts";
import type { MediaLinks } from "../../lib/media/signed_url.ts";
import { isAdmin } from "../accounts/permissions.ts";
import { MEDIA_URL_PREFIX } from "../quick_messages/queries.ts";

export const SCHEDULE_STATUSES = ["PENDENTE", "AGENDADA", "ENVIADA", "ERRO"] as const;
export type ScheduleStatus = typeof SCHEDULE_STATUSES[number];

export interface Schedule {
  id: number;
  body: string;
  contactId: number;
  contact: { id: number; name: string; number: string };
  userId: number | null;
  user: { id: number; name: string } | null;
  sendAt: Date;
  sentAt: Date | null;
  status: ScheduleStatus;
  /** Why the last try failed (kept with ERRO). */
  error: string | null;
  /** How late it went out, in milliseconds, once sent. */
  lateMs: number | null;
  ticketId: number | null;
  messageId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type Who = Pick<Principal, "companyId" | "userId" | "profile" | "super">;

export function selectSchedules(companyId: number, where = sql.empty, tail = sql.empty): Sql {
  return sql`
    select s.id, s.body, s.contact_id as "contactId",
           json_build_object('id', c.id, 'name', c.name, 'number', c.number) as contact,
           s.user_id as "userId",
           case when u.id is null then null
                else json_build_object('id', u.id, 'name', u.name) end as "user",
           s.send_at as "sendAt", s.sent_at as "sentAt", s.status, s.error,
           s.late_ms::float8 as "lateMs", s.ticket_id as "ticketId", s.message_id as "messageId",
           case when s.media_path is null then null
                else ${MEDIA_URL_PREFIX} || s.media_path end as "mediaPath",
           s.media_name as "mediaName", s.created_at as "createdAt", s.updated_at as "updatedAt"
    from schedules s
    join contacts c on c.id = s.contact_id
    left join users u on u.id = s.user_id
    where s.company_id = ${companyId} ${where}
    ${tail}`;
}

/** The record with its attachment's address signed, for `<img>` without a header. */
export function withMediaLink(links: MediaLinks | undefined, record: Schedule): Schedule {
  if (!links || !record.mediaPath) return record;
  return { ...record, mediaPath: links.url(record.mediaPath.slice(MEDIA_URL_PREFIX.length)) };
}

export async function findSchedule(
  db: Queryable,
  companyId: number,
  id: number,
): Promise<Schedule | undefined> {
  return await db.maybeOne<Schedule>(selectSchedules(companyId, sql`and s.id = ${id}`));
}

export async function showSchedule(
  db: Queryable,
  who: Who,
  id: number,
  links?: MediaLinks,
): Promise<Schedule> {
  const record = await findSchedule(db, who.companyId, id);
  if (!record) throw new AppError("ERR_NO_SCHEDULE_FOUND", 404);
  return withMediaLink(links, record);
}

export interface LockedSchedule {
  userId: number | null;
  status: ScheduleStatus;
  mediaFile: string | null;
}

/**
 * The row to change, locked for the transaction: 404 when it is not the caller's company's,
 * 403 when a plain user changes someone else's, 400 once it was sent (admin §4: a sent
 * schedule cannot be saved again).
 */
export async function lockForChange(
  tx: Queryable,
  who: Who,
  id: number,
  { sentAllowed = false } = {},
): Promise<LockedSchedule> {
  const row = await tx.maybeOne<LockedSchedule>(sql`
    select user_id as "userId", status, media_path as "mediaFile" from schedules
    where company_id = ${who.companyId} and id = ${id}
    for update`);
  if (!row) throw new AppError("ERR_NO_SCHEDULE_FOUND", 404);
  if (!isAdmin(who) && row.userId !== who.userId) throw new AppError("ERR_NO_PERMISSION", 403);
  if (!sentAllowed && row.status === "ENVIADA") {
    throw new AppError("ERR_SCHEDULE_ALREADY_SENT", 400);
  }
  return row;
}
