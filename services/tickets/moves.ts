/**
 * The commands that move a ticket on someone else's behalf than an agent's (an agent's own
 * changes are update.ts): the queue chatbot, the ticket timers, an integration, the AI agent
 * and the integrators' API. Each writes the change under a guard (the state it was decided
 * on), records the tracking step the dashboard counts (tracking.ts) and announces it live
 * (change.ts), together, so no caller can do one and forget another.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { announceTicketChange } from "./announce.ts";
import { type Changed, type ChangeDeps, changeTicket } from "./change.ts";
import { findTicketRow, presentTicket, type Ticket } from "./rows.ts";
import { track } from "./tracking.ts";

export type { Changed, ChangeDeps };

/** The chatbot puts a waiting ticket in the customer's queue (its menu may follow). */
export async function enterQueue(
  deps: ChangeDeps,
  companyId: number,
  ticketId: number,
  move: { queueId: number; chatbot: boolean; now: Date },
): Promise<Ticket | null> {
  const moved = await changeTicket(
    deps,
    companyId,
    ticketId,
    sql`queue_id = ${move.queueId}, chatbot = ${move.chatbot}, queue_option_id = null,
        bot_rounds = 0, bot_spoke_at = ${move.now}::timestamptz`,
    sql`t.queue_id is null and t.user_id is null and t.status = 'pending'`,
  );
  if (!moved) return null;
  await track(deps.db, companyId, ticketId, "queued", move.now, { queueId: move.queueId });
  return moved.ticket;
}

/**
 * A waiting ticket goes to `queueId` for a person, the bot's part over (the end of the
 * options tree, or `timeToTransfer` passed). `onlyIfElsewhere`: nothing happens when it is
 * already there. A change of queue is a transfer step.
 */
export async function handToQueue(
  deps: ChangeDeps,
  companyId: number,
  ticketId: number,
  move: { queueId: number; now: Date; onlyIfElsewhere?: boolean },
): Promise<Changed | null> {
  const elsewhere = move.onlyIfElsewhere
    ? sql`and t.queue_id is distinct from ${move.queueId}::int`
    : sql``;
  const moved = await changeTicket(
    deps,
    companyId,
    ticketId,
    sql`queue_id = ${move.queueId}, chatbot = false, queue_option_id = null`,
    sql`t.user_id is null and t.status = 'pending' ${elsewhere}`,
  );
  if (moved && moved.before.queueId !== move.queueId) {
    await track(deps.db, companyId, ticketId, "transferred", move.now, { queueId: move.queueId });
  }
  return moved;
}

/** The chatbot takes a waiting ticket back out of its queue, to the connection's main menu. */
export async function leaveQueue(
  deps: ChangeDeps,
  companyId: number,
  ticketId: number,
): Promise<Ticket | null> {
  const moved = await changeTicket(
    deps,
    companyId,
    ticketId,
    sql`queue_id = null, chatbot = false, queue_option_id = null`,
    sql`t.user_id is null and t.status = 'pending'`,
  );
  return moved?.ticket ?? null;
}

/**
 * Closes the ticket without an agent (a timer's expiry, an integration's close): the bot
 * stops, nothing stays unread, and the cycle is finished. `onlyIfOpen`: a waiting ticket
 * is left alone.
 */
export async function closeTicket(
  deps: ChangeDeps,
  companyId: number,
  ticketId: number,
  close: { now: Date; onlyIfOpen?: boolean },
): Promise<Ticket | null> {
  const closed = await changeTicket(
    deps,
    companyId,
    ticketId,
    sql`status = 'closed', unread_messages = 0, chatbot = false, queue_option_id = null`,
    close.onlyIfOpen ? sql`t.status = 'open'` : sql`t.status <> 'closed'`,
  );
  if (!closed) return null;
  const { queueId, userId } = closed.ticket;
  await track(deps.db, companyId, ticketId, "finished", close.now, { queueId, userId });
  return closed.ticket;
}

/**
 * An integration hands a ticket nobody has taken to a queue, or to a person (who then has
 * it open), or both: transferred and, with a person, accepted.
 */
export async function transferTo(
  deps: ChangeDeps,
  companyId: number,
  ticketId: number,
  target: { queueId?: number; userId?: number; now: Date },
): Promise<Ticket | null> {
  const sets = [sql`chatbot = false`, sql`queue_option_id = null`];
  if (target.queueId !== undefined) sets.push(sql`queue_id = ${target.queueId}`);
  if (target.userId !== undefined) sets.push(sql`user_id = ${target.userId}`, sql`status = 'open'`);
  const moved = await changeTicket(
    deps,
    companyId,
    ticketId,
    sql.join(sets),
    sql`t.status <> 'closed' and t.user_id is null`,
  );
  if (!moved) return null;
  const { queueId, userId } = moved.ticket;
  if (target.queueId !== undefined) {
    await track(deps.db, companyId, ticketId, "transferred", target.now, { queueId });
  }
  if (target.userId !== undefined) {
    await track(deps.db, companyId, ticketId, "accepted", target.now, { queueId, userId });
  }
  return moved.ticket;
}

/**
 * The AI agent stops answering in this ticket for good; with a queue (its transfer phrase),
 * the ticket moves there, and whoever sees that queue is told.
 */
export async function aiHandOff(
  deps: ChangeDeps,
  companyId: number,
  ticketId: number,
  handOff: { queueId?: number | null; now: Date },
): Promise<void> {
  const before = await findTicketRow(deps.db, companyId, ticketId);
  if (!before) return;
  const moveTo = handOff.queueId === undefined ? sql`queue_id` : sql`${handOff.queueId}`;
  await deps.db.run(sql`update tickets
    set ai_handoff_at = ${handOff.now}, queue_id = ${moveTo}, updated_at = now()
    where id = ${ticketId} and company_id = ${companyId}`);
  const after = presentTicket((await findTicketRow(deps.db, companyId, ticketId))!);
  const was = presentTicket(before);
  if (was.queueId !== after.queueId) await announceTicketChange(deps, companyId, was, after);
}

/**
 * The integrators' `closeTicket`: the ticket closes in the caller's transaction, right after
 * its message was queued, with no follow-up (no rating question, completion message nor
 * tracking step: the API closes a conversation it started). Answers what announces the
 * change once the transaction committed.
 */
export async function closeForApi(
  tx: Queryable,
  companyId: number,
  ticketId: number,
  now: Date,
): Promise<(deps: ChangeDeps) => Promise<void>> {
  const before = await tx.one<{ queue_id: number | null; user_id: number | null }>(sql`
    select queue_id, user_id from tickets where company_id = ${companyId} and id = ${ticketId}`);
  await tx.run(sql`
    update tickets set status = 'closed', updated_at = ${now.toISOString()}
    where company_id = ${companyId} and id = ${ticketId}`);
  return async (deps) => {
    const ticket = presentTicket((await findTicketRow(deps.db, companyId, ticketId))!);
    const was = { queueId: before.queue_id, userId: before.user_id };
    await announceTicketChange(deps, companyId, was, ticket);
  };
}
