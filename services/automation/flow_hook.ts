/**
 * The conversation automation's inbound hook: for each customer message it re-arms the
 * ticket's timers, reads a rating answer, or runs the queue chatbot (chatbot.ts). Our own
 * messages and their echoes never reach it (the pipeline runs hooks for the customer's
 * messages only), so a bot's message changes no state and counts as nobody's reply.
 */
import { type InboundHook, type InboundMessage, moveToNewConversation } from "../tickets/mod.ts";
import { chatbotTurn } from "./chatbot.ts";
import { answerRating } from "./rating.ts";
import { type FlowDeps, type FlowTicket, loadFlowTicket } from "./state.ts";
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
  const ticketId = await moveToNewConversation(deps, old.companyId, {
    contactId: old.contactId,
    connectionId: old.connection!.id,
  }, received.message);
  return ticketId === undefined
    ? undefined
    : await loadFlowTicket(deps.db, old.companyId, ticketId);
}
