/**
 * Ticket tracking rows (issue 17 item 6): one row per attendance cycle of a ticket, from the
 * moment it is created or reopened until it is finished, with the time of each step, so the
 * dashboard computes waiting time (accepted − queued), service time (finished − accepted)
 * and ratings by indexed SQL. Every service that moves a ticket calls `track` in the same
 * breath; times come from the business clock.
 *
 *   created → queued (bot or transfer gives it a queue) → accepted → transferred… →
 *   finished (resolved, expired) → rating asked → rated
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";

export type TrackingStep =
  | "created"
  | "queued"
  | "accepted"
  | "transferred"
  | "finished"
  | "ratingAsked"
  | "rated";

export interface TrackingFacts {
  /** The ticket's queue and agent after the step (kept on the row for per-agent figures). */
  queueId?: number | null;
  userId?: number | null;
  rating?: number;
}

/** Opens a cycle (a new ticket, or a closed one reopened); an open cycle is reused. */
async function openCycle(db: Queryable, companyId: number, ticketId: number, at: Date) {
  await db.run(sql`
    insert into ticket_tracking (company_id, ticket_id, whatsapp_id, queue_id, user_id, created_at,
                                 queued_at, accepted_at)
    select t.company_id, t.id, t.whatsapp_id, t.queue_id, t.user_id, ${at}::timestamptz,
           case when t.queue_id is not null then ${at}::timestamptz end,
           case when t.status = 'open' then ${at}::timestamptz end
    from tickets t where t.company_id = ${companyId} and t.id = ${ticketId}
    on conflict (ticket_id) where finished_at is null do nothing`);
}

/** Records one step of the ticket's current cycle (or its last, for rating steps). */
export async function track(
  db: Queryable,
  companyId: number,
  ticketId: number,
  step: TrackingStep,
  at: Date,
  facts: TrackingFacts = {},
): Promise<void> {
  if (step === "created") return await openCycle(db, companyId, ticketId, at);
  if (step !== "ratingAsked" && step !== "rated") await openCycle(db, companyId, ticketId, at);
  const time = sql`${at}::timestamptz`;
  const set = {
    queued: sql`queued_at = coalesce(queued_at, ${time})`,
    accepted: sql`accepted_at = coalesce(accepted_at, ${time})`,
    transferred: sql`transferred_at = ${time}, queued_at = coalesce(queued_at, ${time})`,
    finished: sql`finished_at = ${time}`,
    ratingAsked: sql`rating_asked_at = ${time}`,
    rated: sql`rated_at = ${time}, rating = ${facts.rating ?? null}::smallint`,
  }[step];
  const who = sql.join([
    ...(facts.queueId !== undefined ? [sql`queue_id = ${facts.queueId}::int`] : []),
    ...(facts.userId !== undefined ? [sql`user_id = ${facts.userId}::int`] : []),
  ], ", ");
  await db.run(sql`
    update ticket_tracking set ${set} ${
    facts.queueId !== undefined || facts.userId !== undefined ? sql`, ${who}` : sql``
  }
    where id = (select id from ticket_tracking
                where company_id = ${companyId} and ticket_id = ${ticketId}
                order by (finished_at is null) desc, id desc limit 1)`);
}

/** The ticket's latest cycle (the one a rating belongs to). */
export async function latestCycle(
  db: Queryable,
  companyId: number,
  ticketId: number,
): Promise<{ id: number; userId: number | null } | undefined> {
  const row = await db.maybeOne<{ id: number | string; user_id: number | null }>(sql`
    select id, user_id from ticket_tracking
    where company_id = ${companyId} and ticket_id = ${ticketId}
    order by id desc limit 1`);
  return row && { id: Number(row.id), userId: row.user_id };
}
