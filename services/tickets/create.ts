/**
 * The "new ticket" dialog's call (core §2, §7 POST /tickets): an agent starts a conversation
 * with a contact on a connection. It opens at once, assigned to the agent (an admin may name
 * another); a queue is required unless the caller is an admin. If the contact already has a
 * conversation in progress on that connection, the answer is 409 ERR_OTHER_OPEN_TICKET with
 * who has it and in which queue, so the screen can open it or say whose it is (core §8).
 */
import { sql } from "../../lib/db/mod.ts";
import { uniqueViolation } from "../../lib/db/errors.ts";
import { AppError } from "../../lib/http/errors.ts";
import { isAdmin } from "../accounts/permissions.ts";
import { announceTicketChange } from "./announce.ts";
import type { Viewer } from "./read.ts";
import { findTicketRow, presentTicket, type Ticket } from "./rows.ts";
import { otherOpenTicket, type TicketDeps } from "./update.ts";
import { track } from "./tracking.ts";

export interface NewTicket {
  contactId: number;
  queueId?: number | null;
  whatsappId?: number | null;
  userId?: number | null;
}

/** The connection to use: the one asked for, else the user's default, else the company's. */
async function connectionFor(
  deps: TicketDeps,
  viewer: Viewer,
  asked: number | null | undefined,
): Promise<number> {
  const row = await deps.db.maybeOne<{ id: number }>(
    asked
      ? sql`select id from whatsapps where company_id = ${viewer.companyId} and id = ${asked}`
      : sql`select w.id from whatsapps w
            where w.company_id = ${viewer.companyId}
            order by (w.id = (select whatsapp_id from users where id = ${viewer.userId}))
                       is true desc,
                     w.is_default desc, w.id
            limit 1`,
  );
  if (!row) throw new AppError(asked ? "ERR_NO_WAPP_FOUND" : "ERR_NO_DEF_WAPP_FOUND", 404);
  return row.id;
}

export async function createTicket(
  deps: TicketDeps,
  viewer: Viewer,
  input: NewTicket,
): Promise<Ticket> {
  const { db } = deps;
  const companyId = viewer.companyId;
  const contact = await db.maybeOne<{ id: number; is_group: boolean }>(sql`
    select id, is_group from contacts where company_id = ${companyId} and id = ${input.contactId}`);
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  const queueId = input.queueId ?? null;
  if (queueId === null && !isAdmin(viewer)) throw new AppError("ERR_QUEUE_REQUIRED", 400);
  if (queueId !== null) {
    const queue = await db.maybeOne(sql`
      select 1 from queues where company_id = ${companyId} and id = ${queueId}`);
    if (!queue) throw new AppError("ERR_NO_QUEUE_FOUND", 404);
  }
  const userId = isAdmin(viewer) && input.userId ? input.userId : viewer.userId;
  if (userId !== viewer.userId) {
    const user = await db.maybeOne(sql`
      select 1 from users where company_id = ${companyId} and id = ${userId}`);
    if (!user) throw new AppError("ERR_NO_USER_FOUND", 404);
  }
  const whatsappId = await connectionFor(deps, viewer, input.whatsappId);
  const blocking = await otherOpenTicket(db, companyId, contact.id, whatsappId);
  if (blocking) throw blocking;
  let id: number;
  try {
    id = (await db.one<{ id: number }>(sql`
      insert into tickets (company_id, contact_id, whatsapp_id, user_id, queue_id, status, is_group)
      values (${companyId}, ${contact.id}, ${whatsappId}, ${userId}, ${queueId}, 'open',
              ${contact.is_group})
      returning id`)).id;
  } catch (error) {
    // A message of the contact opened one between the check and the insert.
    if (!uniqueViolation(error)) throw error;
    throw await otherOpenTicket(db, companyId, contact.id, whatsappId) ??
      new AppError("ERR_OTHER_OPEN_TICKET", 409);
  }
  // Opened by an agent: created, queued and accepted at once (tracking.ts).
  await track(db, companyId, id, "created", deps.clock.now());
  const ticket = presentTicket((await findTicketRow(db, companyId, id))!);
  await announceTicketChange(deps, companyId, { queueId, userId }, ticket);
  return ticket;
}
