/**
 * The super user's announcements (admin §2, §3): platform-wide notices. The super user lists,
 * writes and removes them on /announcements; every user of every company reads the active ones
 * in the top bar's bell, each with their own read mark. Announcements belong to the platform,
 * not to a company, so reads are not filtered by company (the one explicit exception, DESIGN §6).
 */
import { type Queryable, type Sql, sql } from "../../lib/db/mod.ts";
import { containsPattern, pageClause, pageOf } from "../../lib/db/paging.ts";
import { AppError } from "../../lib/http/errors.ts";
import type { MediaLinks } from "../../lib/media/signed_url.ts";
import { publishAnnouncement } from "./events.ts";
import type { Announcement, AnnouncementDeps, AnnouncementInput, Reader } from "./types.ts";

const NOT_FOUND = "ERR_NO_ANNOUNCEMENT_FOUND";

const COLUMNS = sql`a.id, a.title, a.text, a.priority, a.status,
  a.media_path as "mediaPath", a.media_name as "mediaName",
  a.created_at as "createdAt", a.updated_at as "updatedAt"`;

/** The stored media path becomes an address an <img> of any company may load. */
export function presentAnnouncement<T extends { mediaPath: string | null }>(
  links: MediaLinks,
  row: T,
): T {
  return row.mediaPath ? { ...row, mediaPath: links.url(row.mediaPath) } : row;
}

/** Others see only the active ones; the super user sees every one. */
function visibleTo(reader: Pick<Reader, "super">): Sql {
  return reader.super ? sql`true` : sql`a.status`;
}

/** `GET /announcements`: the management list (searchable, paged), newest first. */
export async function listAnnouncements(
  deps: Pick<AnnouncementDeps, "db" | "mediaLinks">,
  reader: Reader,
  query: { searchParam: string; pageNumber: number },
): Promise<{ records: Announcement[]; hasMore: boolean }> {
  const pattern = containsPattern(query.searchParam);
  const search = query.searchParam
    ? sql`and (lower(a.title) like ${pattern} or lower(a.text) like ${pattern})`
    : sql.empty;
  const rows = await deps.db.query<Announcement>(sql`
    select ${COLUMNS} from announcements a
    where ${visibleTo(reader)} ${search}
    order by a.created_at desc, a.id desc ${pageClause(query.pageNumber)}`);
  const page = pageOf(rows);
  return {
    records: page.rows.map((row) => presentAnnouncement(deps.mediaLinks, row)),
    hasMore: page.hasMore,
  };
}

/** The bell: the newest active announcements with the reader's mark, and how many are unread. */
export async function bellOf(
  deps: Pick<AnnouncementDeps, "db" | "mediaLinks">,
  reader: Reader,
): Promise<{ records: (Announcement & { read: boolean })[]; unread: number }> {
  const rows = await deps.db.query<Announcement & { read: boolean }>(sql`
    select ${COLUMNS}, r.user_id is not null as read
    from announcements a
    left join announcement_reads r on r.announcement_id = a.id and r.user_id = ${reader.userId}
    where a.status
    order by a.created_at desc, a.id desc limit 30`);
  return {
    records: rows.map((row) => presentAnnouncement(deps.mediaLinks, row)),
    unread: rows.filter((row) => !row.read).length,
  };
}

/** Marks every active announcement read for the reader (the bell was opened). */
export async function markAnnouncementsRead(
  deps: Pick<AnnouncementDeps, "db" | "clock">,
  reader: Reader,
): Promise<void> {
  await deps.db.run(sql`
    insert into announcement_reads (user_id, announcement_id, read_at)
    select ${reader.userId}, a.id, ${deps.clock.now()} from announcements a where a.status
    on conflict do nothing`);
}

export async function findAnnouncement(
  db: Queryable,
  reader: Pick<Reader, "super">,
  id: number,
): Promise<Announcement> {
  const row = await db.maybeOne<Announcement>(sql`
    select ${COLUMNS} from announcements a where a.id = ${id} and ${visibleTo(reader)}`);
  if (!row) throw new AppError(NOT_FOUND, 404);
  return row;
}

export async function showAnnouncement(
  deps: Pick<AnnouncementDeps, "db" | "mediaLinks">,
  reader: Reader,
  id: number,
): Promise<Announcement> {
  return presentAnnouncement(deps.mediaLinks, await findAnnouncement(deps.db, reader, id));
}

/** Creates one (the super user's routes only); it reaches every bell at once. */
export async function createAnnouncement(
  deps: AnnouncementDeps,
  writer: { companyId: number },
  input: AnnouncementInput,
): Promise<Announcement> {
  const now = deps.clock.now();
  const row = await deps.db.one<Announcement>(sql`
    insert into announcements as a (company_id, title, text, priority, status, created_at, updated_at)
    values (${writer.companyId}, ${input.title}, ${input.text}, ${input.priority},
            ${input.status}, ${now}, ${now})
    returning ${COLUMNS}`);
  const record = presentAnnouncement(deps.mediaLinks, row);
  await publishAnnouncement(deps.hub, { action: "create", record });
  return record;
}

export async function updateAnnouncement(
  deps: AnnouncementDeps,
  id: number,
  input: Partial<AnnouncementInput>,
): Promise<Announcement> {
  const row = await deps.db.maybeOne<Announcement>(sql`
    update announcements as a set
      title = coalesce(${input.title ?? null}, title),
      text = coalesce(${input.text ?? null}, text),
      priority = coalesce(${input.priority ?? null}::smallint, priority),
      status = coalesce(${input.status ?? null}::boolean, status),
      updated_at = ${deps.clock.now()}
    where id = ${id}
    returning ${COLUMNS}`);
  if (!row) throw new AppError(NOT_FOUND, 404);
  const record = presentAnnouncement(deps.mediaLinks, row);
  await publishAnnouncement(deps.hub, { action: "update", record });
  return record;
}

export async function deleteAnnouncement(deps: AnnouncementDeps, id: number): Promise<void> {
  const gone = await deps.db.maybeOne<{ mediaPath: string | null }>(sql`
    delete from announcements where id = ${id} returning media_path as "mediaPath"`);
  if (!gone) throw new AppError(NOT_FOUND, 404);
  if (gone.mediaPath) await deps.media.remove(gone.mediaPath);
  await publishAnnouncement(deps.hub, { action: "delete", id });
}
