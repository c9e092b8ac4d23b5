/**
 * The tags on a ticket (core §7 POST /tags/sync): the ticket screen sends the whole set and
 * it replaces what was there, in one transaction. Tags of another company are refused.
 */
import { sql } from "../../lib/db/mod.ts";
import { companyTagIds } from "../tags/tags.ts";
import { announceTicketChange } from "./announce.ts";
import { showTicket, type Viewer } from "./read.ts";
import { findTicketRow, presentTicket, type Ticket } from "./rows.ts";
import type { TicketDeps } from "./update.ts";

export async function syncTicketTags(
  deps: Omit<TicketDeps, "media">,
  viewer: Viewer,
  ticketId: number,
  tagIds: number[],
): Promise<Ticket> {
  const { db } = deps;
  const current = await showTicket(db, viewer, { id: ticketId });
  await db.transaction(async (tx) => {
    const ids = await companyTagIds(tx, viewer.companyId, tagIds);
    await tx.run(sql`delete from ticket_tags where ticket_id = ${ticketId}`);
    if (ids.length) {
      await tx.run(sql`
        insert into ticket_tags (ticket_id, tag_id, company_id)
        select ${ticketId}, unnest(${ids}::int[]), ${viewer.companyId}`);
    }
  });
  const ticket = presentTicket((await findTicketRow(db, viewer.companyId, ticketId))!);
  await announceTicketChange(deps, viewer.companyId, current, ticket);
  return ticket;
}
