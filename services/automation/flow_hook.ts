/**
 * The conversation automation's inbound hook: for each customer message it re-arms the
 * ticket's timers, reads a rating answer, or runs the queue chatbot (chatbot.ts). Our own
 * messages and their echoes never reach it (the pipeline runs hooks for the customer's
 * messages only), so a bot's message changes no state and counts as nobody's reply.
 */
import { sql } from "../../lib/db/mod.ts";
import { channels } from "../../lib/realtime/channels.ts";
import { findTicketRow, presentTicket, publishToTicketAudience } from "../tickets/rows.ts";
import { track } from "../tickets/tracking.ts";
import type { InboundHook, InboundMessage } from "../tickets/types.ts";
import { chatbotTurn } from "./chatbot.ts";
import type { FlowDeps } from "./moves.ts";
import { answerRating } from "./rating.ts";
import { type FlowTicket, loadFlowTicket } from "./state.ts";
import { armTimer } from "./timers.ts";

export function conversationFlowHook(deps: FlowDeps): InboundHook {
  return { name: "conversation-flow", run: (received) => onCustomerMessage(deps, received) };
}

async function onCustomerMessage(deps: FlowDeps, received: InboundMessage): Promise<void> {
  const ticket = await loadFlowTicket(deps.db, received.companyId, received.ticket.id);
  if (!ticket || ticket.isGroup || !ticket.connection) return;
  const now = deps.clock.now();
  if (ticket.ratingAskedAt) {
    if (await answerRating(deps, ticket, received)) return;
    const fresh = await newConversation(deps, ticket, received);
    if (fresh) await chatbotTurn(deps, fresh, { ...received, created: true });
    return;
  }
  if (received.created) {
    await armTimer(deps.db, "transfer", ticket, now, transferMinutes(ticket));
  }
  // Customer silence is counted from their last message.
  if (ticket.status === "open") {
    await armTimer(deps.db, "expire", ticket, now, ticket.connection.expiresTicket);
  }
  await chatbotTurn(deps, ticket, received);
}

function transferMinutes(ticket: FlowTicket): number {
  return ticket.connection?.transferQueueId ? ticket.connection.timeToTransfer : 0;
}

/**
 * The customer wrote something else than a rating twice: the message opens a new waiting
 * ticket (moved there from the resolved one), so a person or the bot answers it.
 */
async function newConversation(
  deps: FlowDeps,
  old: FlowTicket,
  received: InboundMessage,
): Promise<FlowTicket | undefined> {
  const { db } = deps;
  const companyId = old.companyId;
  const made = await db.maybeOne<{ id: number }>(sql`
    insert into tickets (company_id, contact_id, whatsapp_id, is_group, status)
    values (${companyId}, ${old.contactId}, ${old.connection!.id}, false, 'pending')
    on conflict (company_id, contact_id, whatsapp_id) where status <> 'closed' do nothing
    returning id`) ?? await db.maybeOne<{ id: number }>(sql`
    select id from tickets where company_id = ${companyId} and contact_id = ${old.contactId}
      and whatsapp_id = ${old.connection!.id} and status <> 'closed'`);
  if (!made) return undefined;
  await db.run(sql`
    update messages set ticket_id = ${made.id}
    where company_id = ${companyId} and id = ${received.message.id}`);
  await db.run(sql`
    update tickets set last_message = ${received.message.body}, unread_messages = 1,
                       updated_at = now()
    where company_id = ${companyId} and id = ${made.id}`);
  await track(db, companyId, made.id, "created", deps.clock.now());
  const ticket = presentTicket((await findTicketRow(db, companyId, made.id))!);
  const message = { ...received.message, ticketId: made.id };
  await publishToTicketAudience(
    deps,
    { companyId, queueId: ticket.queueId, userId: ticket.userId },
    [channels.ticket(companyId), { action: "update", ticket }],
    [channels.appMessage(companyId), {
      action: "create",
      message,
      ticket,
      contact: ticket.contact,
    }],
  );
  return await loadFlowTicket(db, companyId, made.id);
}
