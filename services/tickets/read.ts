/**
 * Reading tickets and their messages (core §7), with the visibility of core §6: admins see
 * the whole company; a user sees the tickets of their queues, the ones assigned to them,
 * and the waiting ones without a queue. A ticket the caller may not see answers 404, the
 * same as one that does not exist, so ids of other companies reveal nothing.
 *
 * Both lists page by keyset (the last row's time and id), so a page costs the same on the
 * thousandth scroll as on the first and new rows arriving meanwhile never shift a page; the
 * spec's clients page by `pageNumber` instead (DESIGN §4), which both lists accept too.
 * Either way the answer carries `hasMore`; `count` comes with pages by number (lib/db/paging.ts
 * `countOf` says why a cursor's page leaves it out).
 */
import { type Db, type Sql, sql } from "../../lib/db/mod.ts";
import { countOf, pageClause, pageOf } from "../../lib/db/paging.ts";
import { AppError } from "../../lib/http/errors.ts";
import { channels } from "../../lib/realtime/channels.ts";
import type { MediaLinks } from "../../lib/media/signed_url.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import { isAdmin } from "../accounts/permissions.ts";
import { matchingTicketsFilter, recentMatches } from "./search.ts";
import {
  type Message,
  presentMessage,
  presentTicket,
  publishToTicketAudience,
  type QuotedMessage,
  type Ticket,
  TICKET_COLUMNS,
  TICKET_FROM,
  type TicketContact,
} from "./rows.ts";

export interface Viewer {
  userId: number;
  companyId: number;
  profile: "user" | "admin";
  super: boolean;
}

export const TICKETS_PAGE_SIZE = 40;
export const MESSAGES_PAGE_SIZE = 20;

/**
 * A keyset position: the last row's timestamp, as Postgres wrote it (microseconds kept, so
 * no row is skipped or repeated), and its id, as `<timestamp>_<id>`.
 */
export interface Cursor {
  at: string;
  id: number;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

export function parseCursor(text: string | undefined): Cursor | undefined {
  if (!text) return undefined;
  const split = text.lastIndexOf("_");
  const at = text.slice(0, split);
  const id = text.slice(split + 1);
  if (split < 0 || !TIMESTAMP.test(at) || !/^\d{1,10}$/.test(id)) {
    throw new AppError("ERR_INVALID_CURSOR", 400);
  }
  return { at, id: Number(id) };
}

export const cursorOf = (at: string, id: number) => `${at}_${id}`;

/**
 * Who sees which ticket (core §6): admins every one; other users those assigned to them,
 * those of their queues, and those without a queue when their `allTicket` is enabled (read
 * here, so that an admin's change applies at once). rows.ts `ticketAudience` is the same
 * rule for realtime events.
 */
export function visibleTo(viewer: Viewer): Sql {
  if (isAdmin(viewer)) return sql`true`;
  return sql`(t.user_id = ${viewer.userId}
    or t.queue_id in (select queue_id from user_queues where user_id = ${viewer.userId})
    or (t.queue_id is null and exists (
      select 1 from users where id = ${viewer.userId} and all_ticket = 'enabled')))`;
}

export interface TicketsQuery {
  status?: "pending" | "open" | "closed";
  searchParam?: string;
  /** Queue ids; 0 means "Sem fila" (no queue). */
  queueIds?: number[];
  tags?: number[];
  users?: number[];
  /** Created on this day (YYYY-MM-DD). */
  date?: string;
  /** Last activity on this day (YYYY-MM-DD). */
  updatedAt?: string;
  /** Admins: every ticket of the company, not only theirs and the waiting ones. */
  showAll?: boolean;
  withUnreadMessages?: boolean;
  cursor?: string;
  /** From 1; ignored when a cursor is given. */
  pageNumber?: number;
}

/** Where a page starts: after a keyset cursor, or at a page number (the first without either). */
export interface PageRequest {
  cursor?: string;
  pageNumber?: number;
}

/**
 * The keyset condition for a cursor over `(at, id)`, else the page number's offset (with
 * the extra row that tells `hasMore`).
 */
export function pageWindow(page: PageRequest, at: Sql, id: Sql, pageSize: number) {
  const cursor = parseCursor(page.cursor);
  return {
    after: cursor ? sql`and (${at}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id})` : sql``,
    limit: pageClause(cursor ? 1 : page.pageNumber ?? 1, pageSize),
  };
}

/** The list's filters (core §7 GET /tickets), on top of what the viewer may see at all. */
function listFilters(viewer: Viewer, query: TicketsQuery): Sql[] {
  const filters: Sql[] = [sql`t.company_id = ${viewer.companyId}`, visibleTo(viewer)];
  // The working list is "mine and the waiting ones"; show-all widens it for admins.
  if (!(query.showAll && isAdmin(viewer))) {
    filters.push(sql`(t.user_id = ${viewer.userId} or t.status = 'pending')`);
  }
  if (query.status) filters.push(sql`t.status = ${query.status}`);
  if (query.queueIds?.length) {
    // 0 stands for "Sem fila": the tickets still without a queue (in the bot, or waiting).
    const ids = query.queueIds.filter((id) => id !== 0);
    const withoutQueue = ids.length < query.queueIds.length;
    filters.push(
      sql`(t.queue_id = any(${ids}::int[])${withoutQueue ? sql` or t.queue_id is null` : sql``})`,
    );
  }
  if (query.users?.length) filters.push(sql`t.user_id = any(${query.users}::int[])`);
  if (query.tags?.length) {
    // Every chosen tag, as the original's intersection of per-tag lists did, in one query.
    filters.push(sql`(select count(*) from ticket_tags tt
      where tt.ticket_id = t.id and tt.tag_id = any(${query.tags}::int[])) = ${query.tags.length}`);
  }
  if (query.date) filters.push(sql`t.created_at::date = ${query.date}::date`);
  if (query.updatedAt) filters.push(sql`t.updated_at::date = ${query.updatedAt}::date`);
  if (query.withUnreadMessages) filters.push(sql`t.unread_messages > 0`);
  return filters;
}

export async function listTickets(
  db: Db,
  viewer: Viewer,
  query: TicketsQuery,
): Promise<
  { tickets: Ticket[]; hasMore: boolean; count?: number; nextCursor: string | null }
> {
  const filters = listFilters(viewer, query);
  const { after, limit } = pageWindow(query, sql`t.updated_at`, sql`t.id`, TICKETS_PAGE_SIZE);
  // A search's count comes from its plan (services/tickets/search.ts) when that plan knows it.
  let searchCount: number | undefined;
  const search = query.searchParam?.trim();
  if (search) {
    const need = (query.cursor ? 1 : query.pageNumber ?? 1) * TICKETS_PAGE_SIZE + 1;
    const recent = await recentMatches(db, viewer.companyId, { filters, after }, search, need);
    if (recent) {
      filters.push(sql`t.id = any(${recent.ids}::int[])`);
      searchCount = recent.count;
    } else {
      filters.push(matchingTicketsFilter(viewer.companyId, search));
    }
  }
  const where = sql.join(filters, " and ");
  const rows = await db.query(sql`
      select ${TICKET_COLUMNS}, t.updated_at::text as cursor_at
      from ${TICKET_FROM}
      where ${where} ${after}
      order by t.updated_at desc, t.id desc
      ${limit}`);
  const page = pageOf(rows, TICKETS_PAGE_SIZE);
  const count = searchCount ??
    await countOf(query, page, TICKETS_PAGE_SIZE, async () =>
      (await db.one<{ count: number }>(
        sql`select count(*)::int as count from tickets t where ${where}`,
      )).count);
  const last = page.rows.at(-1);
  return {
    tickets: page.rows.map(presentTicket),
    hasMore: page.hasMore,
    count,
    nextCursor: page.hasMore && last ? cursorOf(String(last.cursor_at), Number(last.id)) : null,
  };
}

export async function showTicket(
  db: Db,
  viewer: Viewer,
  where: { id: number } | { uuid: string },
): Promise<Ticket> {
  const match = "id" in where ? sql`t.id = ${where.id}` : sql`t.uuid::text = ${where.uuid}`;
  const row = await db.maybeOne(sql`
    select ${TICKET_COLUMNS} from ${TICKET_FROM}
    where t.company_id = ${viewer.companyId} and ${match} and ${visibleTo(viewer)}`);
  if (!row) throw new AppError("ERR_NO_TICKET_FOUND", 404);
  return presentTicket(row);
}

/**
 * The page's messages, each with the message it quotes and the contact who wrote it (one
 * query each for the whole page).
 */
async function withQuoted(
  deps: { db: Db; mediaLinks?: MediaLinks },
  companyId: number,
  rows: Record<string, unknown>[],
) {
  const { db } = deps;
  const wids = [...new Set(rows.map((row) => row.quoted_wid).filter(Boolean))] as string[];
  const contactIds = [...new Set(rows.map((row) => row.contact_id).filter(Boolean))] as number[];
  const [quoted, contacts] = await Promise.all([
    wids.length === 0 ? [] : db.query<QuotedMessage & { wid: string }>(sql`
      select id, wid, body, from_me as "fromMe", media_type as "mediaType" from messages
      where company_id = ${companyId} and wid = any(${wids}::text[])`),
    contactIds.length === 0 ? [] : db.query<TicketContact>(sql`
      select id, name, number, coalesce(email, '') as email,
             coalesce(profile_pic_url, '') as "profilePicUrl"
      from contacts where company_id = ${companyId} and id = any(${contactIds}::int[])`),
  ]);
  const byWid = new Map(quoted.map(({ wid, ...rest }) => [wid, rest]));
  const byId = new Map(contacts.map((contact) => [contact.id, contact]));
  return rows.map((row) => {
    const message = presentMessage(row, deps.mediaLinks);
    return {
      ...message,
      quotedMsg: message.quotedWid ? byWid.get(message.quotedWid) ?? null : null,
      contact: message.contactId ? byId.get(message.contactId) ?? null : null,
    };
  });
}

/**
 * A page of a ticket's messages, and then of the contact's earlier tickets: newest page first
 * and oldest-first within it (the order the message view draws); reading it marks the
 * customer's messages of this ticket read.
 */
export async function listMessages(
  deps: { db: Db; hub: Hub; mediaLinks?: MediaLinks },
  viewer: Viewer,
  ticketId: number,
  pageRequest: PageRequest,
  { markRead = true } = {},
): Promise<
  {
    messages: Message[];
    ticket: Ticket;
    hasMore: boolean;
    count?: number;
    nextCursor: string | null;
  }
> {
  const { db } = deps;
  let ticket = await showTicket(db, viewer, { id: ticketId });
  const { after, limit } = pageWindow(pageRequest, sql`created_at`, sql`id`, MESSAGES_PAGE_SIZE);
  // The conversation goes on into the contact's earlier tickets, those the viewer may see
  // (core §2): one keyset over their messages, the view draws a separator between tickets.
  const conversation = sql`company_id = ${viewer.companyId}
      and ticket_id = any(array(
        select t.id from tickets t
        where t.company_id = ${viewer.companyId} and t.contact_id = ${ticket.contactId}
          and (t.id = ${ticketId} or (t.created_at < ${ticket.createdAt}::timestamptz
               and t.whatsapp_id is not distinct from ${ticket.whatsappId}
               and ${visibleTo(viewer)}))))`;
  const rows = await db.query(sql`
      select *, created_at::text as cursor_at from messages
      where ${conversation} ${after}
      order by created_at desc, id desc
      ${limit}`);
  const { rows: newest, hasMore } = pageOf(rows, MESSAGES_PAGE_SIZE);
  const count = await countOf(
    pageRequest,
    { rows: newest, hasMore },
    MESSAGES_PAGE_SIZE,
    async () =>
      (await db.one<{ count: number }>(
        sql`select count(*)::int as count from messages where ${conversation}`,
      )).count,
  );
  const page = await withQuoted(deps, viewer.companyId, newest);
  const oldest = newest.at(-1);
  if (markRead && ticket.unreadMessages > 0) {
    await db.run(sql`update messages set read = true
      where ticket_id = ${ticketId} and not read and not from_me`);
    await db.run(sql`update tickets set unread_messages = 0 where id = ${ticketId}`);
    ticket = { ...ticket, unreadMessages: 0 };
    await publishToTicketAudience(
      deps,
      { companyId: viewer.companyId, queueId: ticket.queueId, userId: ticket.userId },
      [channels.ticket(viewer.companyId), { action: "updateUnread", ticketId, ticket }],
    );
  }
  return {
    messages: page.reverse(),
    ticket,
    hasMore,
    count,
    nextCursor: hasMore && oldest ? cursorOf(String(oldest.cursor_at), Number(oldest.id)) : null,
  };
}
