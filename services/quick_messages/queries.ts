/**
 * Reading quick messages with their visibility rule: a caller sees their own and the
 * company's shared (`geral`) ones. Another user's private message is invisible to everyone
 * else, admins included, and answers "not found" like a message of another company.
 */
import { type Queryable, type Sql, sql } from "../../lib/db/mod.ts";
import type { Principal } from "../../lib/http/auth.ts";
import { AppError } from "../../lib/http/errors.ts";
import type { MediaLinks } from "../../lib/media/signed_url.ts";
import { isAdmin } from "../accounts/permissions.ts";

export interface QuickMessage {
  id: number;
  shortcode: string;
  message: string;
  /**
   * The URL that serves the attachment: to signed-in users of the company, or, given media
   * links, an absolute signed one that loads without a header; null without an attachment.
   */
  mediaPath: string | null;
  mediaName: string | null;
  isMedia: boolean;
  geral: boolean;
  status: boolean;
  /** The owner. */
  userId: number;
  createdAt: Date;
  updatedAt: Date;
}

export type Who = Pick<Principal, "companyId" | "userId" | "profile" | "super">;

/** Where the media route serves a stored file (routes/api/media.ts). */
export const MEDIA_URL_PREFIX = "/api/media/";

/**
 * Written as an OR of the two partial unique indexes' predicates, so Postgres reads each
 * index for its half (see the migration).
 */
function visibleTo(who: Who): Sql {
  return sql`q.company_id = ${who.companyId}
    and ((not q.geral and q.user_id = ${who.userId}) or q.geral)`;
}

export function selectVisible(who: Who, where = sql.empty, tail = sql.empty): Sql {
  return sql`
    select q.id, q.shortcode, q.message,
           case when q.media_path is null then null
                else ${MEDIA_URL_PREFIX} || q.media_path end as "mediaPath",
           q.media_name as "mediaName", q.media_path is not null as "isMedia",
           q.geral, q.status, q.user_id as "userId",
           q.created_at as "createdAt", q.updated_at as "updatedAt"
    from quick_messages q
    where ${visibleTo(who)} ${where}
    order by lower(q.shortcode), q.id ${tail}`;
}

/**
 * The record with its attachment's address signed (lib/media/signed_url.ts): the original
 * screens fetch it, and put it in `<img>`/`<audio>`, without the Authorization header.
 */
export function withMediaLink<T extends Pick<QuickMessage, "mediaPath">>(
  links: MediaLinks | undefined,
  record: T,
): T {
  if (!links || !record.mediaPath) return record;
  return { ...record, mediaPath: links.url(record.mediaPath.slice(MEDIA_URL_PREFIX.length)) };
}

export async function findVisible(
  db: Queryable,
  who: Who,
  id: number,
): Promise<QuickMessage | undefined> {
  return await db.maybeOne<QuickMessage>(selectVisible(who, sql`and q.id = ${id}`));
}

export async function showQuickMessage(db: Queryable, who: Who, id: number, links?: MediaLinks) {
  const record = await findVisible(db, who, id);
  if (!record) throw new AppError("ERR_NO_QUICK_MESSAGE_FOUND", 404);
  return withMediaLink(links, record);
}

/** The owner may change a message; admins may also change the company's shared ones. */
export function mayChange(who: Who, record: Pick<QuickMessage, "userId" | "geral">): boolean {
  return record.userId === who.userId || (record.geral && isAdmin(who));
}

/**
 * The row to change, locked for the transaction, with its stored media path: 404 when the
 * caller cannot see it, 403 when they see it but may not change it.
 */
export async function lockForChange(
  tx: Queryable,
  who: Who,
  id: number,
): Promise<{ userId: number; geral: boolean; mediaFile: string | null }> {
  const row = await tx.maybeOne<{ userId: number; geral: boolean; mediaFile: string | null }>(sql`
    select q.user_id as "userId", q.geral, q.media_path as "mediaFile"
    from quick_messages q
    where ${visibleTo(who)} and q.id = ${id}
    for update`);
  if (!row) throw new AppError("ERR_NO_QUICK_MESSAGE_FOUND", 404);
  if (!mayChange(who, row)) throw new AppError("ERR_NO_PERMISSION", 403);
  return row;
}
