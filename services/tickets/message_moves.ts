/**
 * Messages placed in a conversation by other areas' rules: a customer's message that opens
 * a new conversation instead of answering a rating, and the campaign message a customer's
 * reply answers.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { channels } from "../../lib/realtime/channels.ts";
import type { ServiceDeps } from "../deps.ts";
import { findTicketRow, type Message, presentTicket, publishToTicketAudience } from "./rows.ts";
import { track } from "./tracking.ts";

/**
 * The customer's `message`, stored in a resolved ticket, opens a new waiting ticket on the
 * same connection (or joins the one in progress) and moves there, announced as a new
 * message. Answers the ticket it is in now.
 */
export async function moveToNewConversation(
  deps: Pick<ServiceDeps, "db" | "hub" | "clock">,
  companyId: number,
  from: { contactId: number; connectionId: number },
  message: Message,
): Promise<number | undefined> {
  const { db } = deps;
  const made = await db.maybeOne<{ id: number }>(sql`
    insert into tickets (company_id, contact_id, whatsapp_id, is_group, status)
    values (${companyId}, ${from.contactId}, ${from.connectionId}, false, 'pending')
    on conflict (company_id, contact_id, whatsapp_id) where status <> 'closed' do nothing
    returning id`) ?? await db.maybeOne<{ id: number }>(sql`
    select id from tickets where company_id = ${companyId} and contact_id = ${from.contactId}
      and whatsapp_id = ${from.connectionId} and status <> 'closed'`);
  if (!made) return undefined;
  await db.run(sql`
    update messages set ticket_id = ${made.id}
    where company_id = ${companyId} and id = ${message.id}`);
  await db.run(sql`
    update tickets set last_message = ${message.body}, unread_messages = 1,
                       updated_at = now()
    where company_id = ${companyId} and id = ${made.id}`);
  await track(db, companyId, made.id, "created", deps.clock.now());
  const ticket = presentTicket((await findTicketRow(db, companyId, made.id))!);
  await publishToTicketAudience(
    deps,
    { companyId, queueId: ticket.queueId, userId: ticket.userId },
    [channels.ticket(companyId), { action: "update", ticket }],
    [channels.appMessage(companyId), {
      action: "create",
      message: { ...message, ticketId: made.id },
      ticket,
      contact: ticket.contact,
    }],
  );
  return made.id;
}

/** A campaign's message as the conversation shows it: ours, delivered, sent by the campaign. */
export interface CampaignMessage {
  companyId: number;
  ticketId: number;
  contactId: number;
  connectionId: number;
  wid: string;
  body: string;
  deliveredAt: Date | string;
}

/**
 * Shows in a new ticket the campaign message its customer answers, at its time; a message
 * already stored under that WhatsApp id is left as it is.
 */
export async function attachCampaignMessage(db: Queryable, message: CampaignMessage) {
  await db.run(sql`
    insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me,
                          read, ack, media_type, origin, created_at)
    values (${message.companyId}, ${message.ticketId}, ${message.contactId},
            ${message.connectionId}, ${message.wid}, ${message.body}, true, true, 1, 'chat',
            'campaign', ${message.deliveredAt}::timestamptz)
    on conflict (company_id, wid) do nothing`);
}
