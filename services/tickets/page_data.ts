/**
 * What the ticket screen (routes/pages/tickets.tsx) renders with: the pickers' choices
 * (queues, colleagues, connections, tags), the viewer's default connection, the ticket of a
 * `/tickets/{uuid}` address when the viewer may see it, and the contact that "Start a
 * ticket" on /contacts came with. One read for the page, so the route writes no SQL.
 */
import { type Db, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { listAllTags } from "../tags/tags.ts";
import { listColleagueNames } from "../users/list_users.ts";
import { listConnectionChoices } from "../users/user_connection.ts";
import { listQueueChoices } from "../users/user_queues.ts";
import { showTicket, type Viewer } from "./read.ts";
import type { Ticket } from "./rows.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TicketPageRequest {
  /** The uuid in the address, when there is one. */
  uuid: string | null;
  /** The contact to start a ticket for (already parsed by the id parser), or null. */
  contactId: number | null;
}

export async function ticketPageData(db: Db, viewer: Viewer, request: TicketPageRequest) {
  const [queues, colleagues, connections, tags, defaults, opened, startContact] = await Promise
    .all([
      listQueueChoices(db, viewer.companyId),
      listColleagueNames(db, viewer.companyId),
      listConnectionChoices(db, viewer.companyId),
      listAllTags(db, viewer),
      db.maybeOne<{ whatsapp_id: number | null }>(
        sql`select whatsapp_id from users where id = ${viewer.userId}`,
      ),
      request.uuid ? openable(db, viewer, request.uuid) : Promise.resolve(null),
      request.contactId
        ? db.maybeOne<{ id: number; name: string; number: string }>(sql`
            select id, name, number from contacts
            where company_id = ${viewer.companyId} and id = ${request.contactId}`)
        : Promise.resolve(null),
    ]);
  return {
    queues,
    colleagues,
    connections,
    tags,
    defaultWhatsappId: defaults?.whatsapp_id ?? null,
    opened,
    startContact,
  };
}

/** The ticket of the address, or null when it is not there or not the viewer's to see. */
async function openable(db: Db, viewer: Viewer, uuid: string): Promise<Ticket | null> {
  if (!UUID.test(uuid)) return null;
  try {
    return await showTicket(db, viewer, { uuid });
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  }
}
