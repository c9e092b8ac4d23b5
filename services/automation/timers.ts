/**
 * The ticket timers (core §3 connection fields, issue 17): domain jobs with a unique key per
 * ticket, so each exists once, moves when re-armed and survives a restart; time comes from
 * the business clock. Each handler checks that its work still applies when it fires (the
 * ticket may have been accepted or closed meanwhile), so a late or repeated run does nothing.
 *
 * - `ticket.transfer`: `timeToTransfer` minutes waiting without an agent move the ticket to
 *   `transferQueueId`; armed when the ticket starts waiting, called off when it is accepted.
 * - `ticket.expire`: `expiresTicket` minutes of customer silence close an open ticket with
 *   `expiresInactiveMessage`; armed on accept and re-armed by every customer message.
 * - `ticket.rating`: the rating question waits `RATING_WINDOW_MINUTES`; then the ticket's
 *   wait ends without a rating, with the completion message.
 */
import { type Queryable } from "../../lib/db/mod.ts";
import { cancelJob, enqueueJob } from "../../lib/jobs/mod.ts";

/** How long a resolved ticket waits for the customer's rating (no spec figure; one hour). */
export const RATING_WINDOW_MINUTES = 60;

export const TIMER_KINDS = {
  transfer: "ticket.transfer",
  expire: "ticket.expire",
  rating: "ticket.rating",
} as const;

type Timer = keyof typeof TIMER_KINDS;

const keyOf = (timer: Timer, ticketId: number) => `${TIMER_KINDS[timer]}:${ticketId}`;

export async function armTimer(
  db: Queryable,
  timer: Timer,
  ticket: { companyId: number; id: number },
  now: Date,
  minutes: number,
): Promise<void> {
  if (!(minutes > 0)) return;
  await enqueueJob(db, {
    kind: TIMER_KINDS[timer],
    companyId: ticket.companyId,
    payload: { ticketId: ticket.id, companyId: ticket.companyId },
    runAt: new Date(now.getTime() + minutes * 60_000),
    uniqueKey: keyOf(timer, ticket.id),
  });
}

export async function cancelTimers(
  db: Queryable,
  ticketId: number,
  ...timers: Timer[]
): Promise<void> {
  for (const timer of timers) await cancelJob(db, keyOf(timer, ticketId));
}
