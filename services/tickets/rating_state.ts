/**
 * A resolved ticket waiting for the customer's rating (issue 17 item 3; the questions and
 * answers are services/automation/rating.ts): the wait on the ticket, the rating row and the
 * tracking steps the dashboard counts.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { latestCycle, track } from "./tracking.ts";

/** The ticket waits for the answer from now on. */
export async function awaitRating(
  db: Queryable,
  companyId: number,
  ticketId: number,
  now: Date,
): Promise<void> {
  await db.run(sql`
    update tickets set rating_asked_at = ${now}::timestamptz, rating_retries = 0
    where company_id = ${companyId} and id = ${ticketId}`);
  await track(db, companyId, ticketId, "ratingAsked", now);
}

/** The answer was not a rating: the question goes again, once. */
export async function countRatingRetry(
  db: Queryable,
  companyId: number,
  ticketId: number,
): Promise<void> {
  await db.run(sql`
    update tickets set rating_retries = rating_retries + 1
    where company_id = ${companyId} and id = ${ticketId}`);
}

/** Ends the wait (answered or not); false when it had already ended (a second run). */
export async function endRatingWait(
  db: Queryable,
  companyId: number,
  ticketId: number,
): Promise<boolean> {
  const ended = await db.maybeOne(sql`
    update tickets set rating_asked_at = null, rating_retries = 0, unread_messages = 0
    where company_id = ${companyId} and id = ${ticketId} and rating_asked_at is not null
    returning id`);
  return ended !== undefined;
}

/**
 * The customer's rating: a `ticket_ratings` row for the agent of the cycle it rates (or
 * `userId` when there is none), with the message that gave it, and the rated step.
 */
export async function recordRating(
  db: Queryable,
  companyId: number,
  ticketId: number,
  rating: { rate: number; messageId: number; userId: number | null; now: Date },
): Promise<void> {
  const cycle = await latestCycle(db, companyId, ticketId);
  await db.run(sql`
    insert into ticket_ratings (company_id, ticket_id, tracking_id, user_id, message_id, rate,
                                created_at)
    values (${companyId}, ${ticketId}, ${cycle?.id ?? null}::bigint,
            ${cycle?.userId ?? rating.userId}::int, ${rating.messageId}, ${rating.rate},
            ${rating.now}::timestamptz)
    on conflict do nothing`);
  await track(db, companyId, ticketId, "rated", rating.now, { rating: rating.rate });
}
