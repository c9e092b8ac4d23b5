/**
 * The end of an attendance (core §4 resolve, issue 17 item 3). Resolving sends the
 * connection's completion message; with the company's `userRating` on, it first asks the
 * customer for a rating from 1 to 3 and the ticket, already closed for the agents, waits for
 * the answer (rating_asked_at): the customer's next message is read as the rating.
 *
 * - 1, 2 or 3: a `ticket_ratings` row (ticket, the agent who resolved it, value, time and the
 *   customer's message, which is stored like any other), the rating on the tracking row, a
 *   thank-you and the completion message.
 * - anything else: the question again under a clear line, once; a second one ends the wait
 *   without a rating and the message starts a new conversation (it is never swallowed).
 * - no answer within the window (timers.ts): the wait ends with the completion message.
 */
import { createT, DEFAULT_LANG } from "../../lib/i18n/mod.ts";
import {
  awaitRating,
  countRatingRetry,
  endRatingWait,
  type InboundMessage,
  recordRating,
  sendSystemMessage,
} from "../tickets/mod.ts";
import { type FlowDeps, type FlowTicket, recipientOf } from "./state.ts";
import { armTimer, cancelTimers, RATING_WINDOW_MINUTES } from "./timers.ts";

const t = createT(DEFAULT_LANG);

/** The rating in a customer's answer: exactly 1, 2 or 3 (spaces and a final dot allowed). */
export function ratingOf(text: string): 1 | 2 | 3 | null {
  const match = /^\s*([123])\s*\.?\s*$/.exec(text);
  return match ? Number(match[1]) as 1 | 2 | 3 : null;
}

/** Asks the question on a ticket just resolved; the ticket waits for the answer. */
export async function askRating(deps: FlowDeps, ticket: FlowTicket, now: Date): Promise<void> {
  await awaitRating(deps.db, ticket.companyId, ticket.id, now);
  await armTimer(deps.db, "rating", ticket, now, RATING_WINDOW_MINUTES);
  const question = [ticket.connection?.ratingMessage ?? "", t("automation.ratingQuestion")]
    .filter((part) => part.trim()).join("\n\n");
  await sendSystemMessage(deps, ticket.companyId, recipientOf(ticket), question, { now });
}

/** The completion message (core §3 complationMessage), when the connection has one. */
export async function sendCompletion(deps: FlowDeps, ticket: FlowTicket, now: Date) {
  const text = ticket.connection?.complationMessage ?? "";
  await sendSystemMessage(deps, ticket.companyId, recipientOf(ticket), text, { now });
}

/** Ends the wait (answered or not); false when it had already ended (a second run). */
async function endWait(deps: FlowDeps, ticket: FlowTicket): Promise<boolean> {
  if (!await endRatingWait(deps.db, ticket.companyId, ticket.id)) return false;
  await cancelTimers(deps.db, ticket.id, "rating");
  return true;
}

/** The window passed without an answer. */
export async function ratingWindowOver(deps: FlowDeps, ticket: FlowTicket): Promise<void> {
  if (!ticket.ratingAskedAt || !await endWait(deps, ticket)) return;
  await sendCompletion(deps, ticket, deps.clock.now());
}

/**
 * The customer's message while the ticket waits for a rating. Answers true when the message
 * was the rating (or a retry); false when the wait ended and the message is a new
 * conversation's first, for the caller to place.
 */
export async function answerRating(
  deps: FlowDeps,
  ticket: FlowTicket,
  received: InboundMessage,
): Promise<boolean> {
  const now = deps.clock.now();
  const rate = ratingOf(received.message.body);
  const to = recipientOf(ticket);
  if (rate === null) {
    if (ticket.ratingRetries === 0) {
      await countRatingRetry(deps.db, ticket.companyId, ticket.id);
      const again = `${t("automation.ratingInvalid")}\n\n${t("automation.ratingQuestion")}`;
      await sendSystemMessage(deps, ticket.companyId, to, again, { now });
      return true;
    }
    await endWait(deps, ticket);
    return false;
  }
  if (!await endWait(deps, ticket)) return true;
  await recordRating(deps.db, ticket.companyId, ticket.id, {
    rate,
    messageId: received.message.id,
    userId: ticket.userId,
    now,
  });
  await sendSystemMessage(deps, ticket.companyId, to, t("automation.ratingThanks"), { now });
  await sendCompletion(deps, ticket, now);
  return true;
}
