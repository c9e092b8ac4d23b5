/**
 * Sending the outbox (DESIGN §6), for the connection's owner (services/whatsapp/sessions.ts):
 * rows written by enqueue.ts are claimed for a while before sending; if the process dies
 * mid-send the claim lapses and the row is claimed again, so nothing is lost (a message may,
 * rarely, go out twice: at-least-once, never zero). Failures retry with growing delays.
 */
import { type Db, type Queryable, type Sql, sql } from "../../lib/db/mod.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Recipient, SentMessage } from "../whatsapp/provider.ts";
import type { OutboxPayload } from "./types.ts";

export const MAX_ATTEMPTS = 5;
/** How long a claimed row belongs to its sender before another may take it. */
export const CLAIM_MS = 60_000;

export interface OutboxRow {
  id: number;
  payload: OutboxPayload;
  attempts: number;
  /** The sender holding the claim; only it may record the outcome. */
  claimedBy: string;
}

/** A time for SQL: the clock's when one is given, otherwise the database's own `now()`. */
export function sqlTime(now: Date | undefined): Sql {
  return now ? sql`${now}::timestamptz` : sql`now()`;
}

/**
 * Claims due rows of one connection, oldest first, skipping rows another sender holds. A
 * row whose claim lapsed (its sender died mid-send) is due again.
 */
export async function claimDue(
  db: Queryable,
  instanceId: string,
  target: { companyId: number; whatsappId: number },
  limit = 20,
  claimMs = CLAIM_MS,
  now?: Date,
): Promise<OutboxRow[]> {
  const at = sqlTime(now);
  const rows = await db.query<{ id: number; payload: OutboxPayload | string; attempts: number }>(
    sql`
    update whatsapp_outbox
    set status = 'sending', claimed_by = ${instanceId}, attempts = attempts + 1,
        claimed_until = ${at} + make_interval(secs => ${claimMs / 1000})
    where id in (
      select id from whatsapp_outbox
      where company_id = ${target.companyId} and whatsapp_id = ${target.whatsappId}
        and ((status = 'pending' and next_attempt_at <= ${at})
             or (status = 'sending' and claimed_until < ${at}))
      order by id limit ${limit}
      for update skip locked)
    returning id, payload, attempts`,
  );
  return rows
    .map((row) => ({
      ...row,
      payload: typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload,
      claimedBy: instanceId,
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * Records that the row went out; answers false when the claim was no longer ours (another
 * sender took the row over and recorded it), so each row is marked sent once.
 */
export async function markSent(
  db: Queryable,
  row: Pick<OutboxRow, "id" | "claimedBy">,
  sent: SentMessage,
): Promise<boolean> {
  const marked = await db.maybeOne(sql`
    update whatsapp_outbox
    set status = 'sent', provider_message_id = ${sent.messageId}, sent_at = now(),
        claimed_by = null, claimed_until = null, last_error = null
    where id = ${row.id} and status = 'sending' and claimed_by = ${row.claimedBy}
    returning id`);
  return marked !== undefined;
}

/** Delay before attempt n+1: 5 s, 10 s, 20 s… capped at 5 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 300_000);
}

/**
 * Records a failed attempt of a row we still hold; answers true when the row was given up.
 */
export async function markFailed(
  db: Queryable,
  row: Pick<OutboxRow, "id" | "attempts" | "claimedBy"> & { payload?: OutboxPayload },
  error: string,
  now?: Date,
): Promise<boolean> {
  // A delete is tried once: its caller is waiting for the answer (outcomes.ts waitFor).
  const giveUp = row.attempts >= MAX_ATTEMPTS || Boolean(row.payload?.deleteId);
  const marked = await db.maybeOne(sql`
    update whatsapp_outbox
    set status = ${giveUp ? "failed" : "pending"}, last_error = ${error.slice(0, 500)},
        claimed_by = null, claimed_until = null,
        next_attempt_at = ${sqlTime(now)} + make_interval(secs => ${
    retryDelayMs(row.attempts) / 1000
  })
    where id = ${row.id} and status = 'sending' and claimed_by = ${row.claimedBy}
    returning id`);
  return giveUp && marked !== undefined;
}

/** What the sender is told of each row's outcome (the pipeline turns it into acks). */
export interface OutboxOutcomes {
  onSent?(payload: OutboxPayload, sent: SentMessage): Promise<void>;
  onGaveUp?(payload: OutboxPayload, error: string): Promise<void>;
  /**
   * What the phone already holds under the row's WhatsApp id, if it can tell: a row tried
   * before may have gone out just before its sender died, and is then marked sent as it is
   * instead of being sent again (or failing on the repeated id).
   */
  alreadySent?(payload: OutboxPayload): Promise<SentMessage | undefined>;
  clock?: Clock;
}

/**
 * Sends what is due for one connection through `send`; answers how many went out. Run by
 * the connection's owner only.
 */
export async function sendDue(
  db: Db,
  instanceId: string,
  target: { companyId: number; whatsappId: number },
  send: (payload: OutboxPayload) => Promise<SentMessage>,
  outcomes: OutboxOutcomes = {},
): Promise<number> {
  const clock = outcomes.clock;
  let sent = 0;
  async function sendOne(row: OutboxRow): Promise<void> {
    let result: SentMessage;
    try {
      const tried = row.attempts > 1 && row.payload.messageId;
      result = (tried && await outcomes.alreadySent?.(row.payload)) || await send(row.payload);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (await markFailed(db, row, message, clock?.now())) {
        await outcomes.onGaveUp?.(row.payload, message);
      }
      return;
    }
    if (!await markSent(db, row, result)) return;
    sent++;
    await outcomes.onSent?.(row.payload, result);
  }
  for (;;) {
    const rows = await claimDue(db, instanceId, target, CLAIM_BATCH, CLAIM_MS, clock?.now());
    if (rows.length === 0) return sent;
    // Chats go side by side, each chat's rows one after another in their order, so a
    // thousand customers are not sent to one by one while no chat is ever reordered.
    const chats = Map.groupBy(rows, (row) => chatKeyOf(row.payload.to));
    await Promise.all([...chats.values()].map(async (chat) => {
      for (const row of chat) await sendOne(row);
    }));
  }
}

/** Rows claimed at once, at most this many chats sent to side by side. */
const CLAIM_BATCH = 20;

/** One WhatsApp chat: by its number, which a row names whenever known (a lid may come later). */
function chatKeyOf(to: Recipient): string {
  return `${to.isGroup ? "g" : "c"}:${to.number || to.lid || ""}`;
}
