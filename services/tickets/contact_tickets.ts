/**
 * A contact's conversations (issue 23 item 1, the contact panel's "previous conversations"):
 * every ticket of the contact the viewer may see (core §6: an agent only those of their
 * queues, their own, and the queueless ones when allowed), newest first, by keyset on
 * (created_at, id) or by page number. A contact of another company answers 404, as one that
 * does not exist.
 */
import { type Db, sql } from "../../lib/db/mod.ts";
import { countOf, pageOf } from "../../lib/db/paging.ts";
import { AppError } from "../../lib/http/errors.ts";
import { cursorOf, type PageRequest, pageWindow, type Viewer, visibleTo } from "./read.ts";
import { presentTicket, type Ticket, TICKET_COLUMNS, TICKET_FROM } from "./rows.ts";

export const CONTACT_TICKETS_PAGE_SIZE = 20;

export async function listContactTickets(
  db: Db,
  viewer: Viewer,
  contactId: number,
  page: PageRequest,
): Promise<{ tickets: Ticket[]; hasMore: boolean; count?: number; nextCursor: string | null }> {
  const contact = await db.maybeOne(sql`
    select id from contacts where id = ${contactId} and company_id = ${viewer.companyId}`);
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  const where = sql`t.company_id = ${viewer.companyId} and t.contact_id = ${contactId}
    and ${visibleTo(viewer)}`;
  const { after, limit } = pageWindow(
    page,
    sql`t.created_at`,
    sql`t.id`,
    CONTACT_TICKETS_PAGE_SIZE,
  );
  const rows = await db.query(sql`
    select ${TICKET_COLUMNS}, t.created_at::text as cursor_at
    from ${TICKET_FROM}
    where ${where} ${after}
    order by t.created_at desc, t.id desc
    ${limit}`);
  const { rows: shown, hasMore } = pageOf(rows, CONTACT_TICKETS_PAGE_SIZE);
  const count = await countOf(
    page,
    { rows: shown, hasMore },
    CONTACT_TICKETS_PAGE_SIZE,
    async () =>
      (await db.one<{ count: number }>(sql`select count(*)::int as count from tickets t
      where ${where}`)).count,
  );
  const last = shown.at(-1);
  return {
    tickets: shown.map(presentTicket),
    hasMore,
    count,
    nextCursor: hasMore && last ? cursorOf(String(last.cursor_at), Number(last.id)) : null,
  };
}
