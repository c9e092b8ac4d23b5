/**
 * The kanban board (admin §2, §4): the open and waiting tickets of the viewer's own queues,
 * each in the lane of its kanban tag ("Em aberto" without one). Moving a card replaces the
 * ticket's kanban tags with the new lane's (none for "Em aberto"); other tags stay. Everyone
 * who sees the ticket hears the change on the ticket channel.
 */
import { type Db, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { announceTicketChange } from "./announce.ts";
import { showTicket, type Viewer } from "./read.ts";
import { findTicketRow, presentTicket, type Ticket, TICKET_COLUMNS, TICKET_FROM } from "./rows.ts";
import type { TicketDeps } from "./update.ts";

/** A board shows this many cards at most, the most recently active first. */
const BOARD_LIMIT = 500;

export async function kanbanTickets(db: Db, viewer: Viewer): Promise<Ticket[]> {
  const rows = await db.query(sql`
    select ${TICKET_COLUMNS} from ${TICKET_FROM}
    where t.company_id = ${viewer.companyId} and t.status in ('open', 'pending')
      and t.queue_id in (select queue_id from user_queues where user_id = ${viewer.userId})
    order by t.updated_at desc, t.id desc limit ${BOARD_LIMIT}`);
  return rows.map(presentTicket);
}

/**
 * The board and the viewer's queues: the page keeps the board current from the ticket
 * channel, where a ticket new to the board is one of these queues' (the channel also
 * carries tickets the viewer sees elsewhere, such as an admin's whole company).
 */
export async function kanbanBoard(
  db: Db,
  viewer: Viewer,
): Promise<{ tickets: Ticket[]; queueIds: number[] }> {
  const [tickets, queues] = await Promise.all([
    kanbanTickets(db, viewer),
    db.query<{ queue_id: number }>(sql`
      select uq.queue_id from user_queues uq join queues q on q.id = uq.queue_id
      where uq.user_id = ${viewer.userId} and q.company_id = ${viewer.companyId}
      order by uq.queue_id`),
  ]);
  return { tickets, queueIds: queues.map((row) => row.queue_id) };
}

/** Puts the ticket in the lane of `tagId`, or in "Em aberto" when null. */
export async function moveToLane(
  deps: Omit<TicketDeps, "media">,
  viewer: Viewer,
  ticketId: number,
  tagId: number | null,
): Promise<Ticket> {
  const { db } = deps;
  const current = await showTicket(db, viewer, { id: ticketId });
  await db.transaction(async (tx) => {
    if (tagId !== null) {
      const lane = await tx.maybeOne(sql`
        select id from tags where id = ${tagId} and company_id = ${viewer.companyId} and kanban = 1`);
      if (!lane) throw new AppError("ERR_NO_TAG_FOUND", 404);
    }
    await tx.run(sql`
      delete from ticket_tags where ticket_id = ${ticketId} and tag_id in (
        select id from tags where company_id = ${viewer.companyId} and kanban = 1)`);
    if (tagId !== null) {
      await tx.run(sql`
        insert into ticket_tags (ticket_id, tag_id, company_id)
        values (${ticketId}, ${tagId}, ${viewer.companyId})`);
    }
  });
  const ticket = presentTicket((await findTicketRow(db, viewer.companyId, ticketId))!);
  await announceTicketChange(deps, viewer.companyId, current, ticket);
  return ticket;
}
