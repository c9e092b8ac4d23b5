/**
 * What became of queued rows, for those who queued them: an agent's delete waits for its
 * outcome, a campaign's cancel withdraws what has not gone out and its sweep reads how its
 * rows ended, the pipeline recognises the echo of a message queued here, and the
 * integrators' API tells whether a message was given up.
 */
import { type Db, type Queryable, type Sql, sql } from "../../lib/db/mod.ts";
import type { MessageOrigin, OutboxOutcome } from "./types.ts";

/**
 * The rows' outcomes as a relation to join in set-based SQL (a campaign sweep reads
 * thousands at once): `id`, `status` ('pending', 'sending', 'sent', 'failed', 'cancelled'),
 * `sent_at`, `last_error`. Read-only: only this area changes rows.
 */
export const OUTBOX_OUTCOMES: Sql = sql`
  (select id, status, sent_at, last_error from whatsapp_outbox)`;

/**
 * Waits for one row's outcome, polling; a row that could not start within `waitMs` is
 * called off (cancelled) so it does not happen later behind the waiting person's back.
 */
export async function waitFor(
  db: Db,
  outboxId: number,
  waitMs: number,
  pollMs = 50,
): Promise<OutboxOutcome> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const row = await db.one<{ status: string }>(sql`
      select status from whatsapp_outbox where id = ${outboxId}`);
    if (row.status === "sent") return "sent";
    if (row.status === "failed" || row.status === "cancelled") return "failed";
    // Being sent past the deadline: give it a little longer, but never wait forever.
    if (Date.now() > deadline + waitMs) return "failed";
    if (Date.now() > deadline) {
      const cancelled = await db.maybeOne(sql`
        update whatsapp_outbox set status = 'cancelled'
        where id = ${outboxId} and status = 'pending' returning id`);
      if (cancelled) return "failed";
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Takes back the rows among `ids` that have not started; answers the ids taken back. */
export async function withdraw(tx: Queryable, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx.query<{ id: number }>(sql`
    delete from whatsapp_outbox
    where id = any(${ids}::bigint[]) and status = 'pending'
    returning id`);
  return rows.map((row) => Number(row.id));
}

/**
 * Who queued the message a connection sent under `wid`, as SQL (a sub-select, null when no
 * row of ours has that id: the customer's messages, or one typed on the phone).
 */
export function originOf(companyId: number, connectionId: number, wid: string): Sql {
  return sql`(select o.origin from whatsapp_outbox o
              where o.company_id = ${companyId} and o.whatsapp_id = ${connectionId}
                and o.provider_message_id = ${wid}
              limit 1)`;
}

/** Whether the connection's message `wid` was queued here with `origin`. */
export async function queuedAs(
  db: Queryable,
  message: { companyId: number; connectionId: number; wid: string },
  origin: MessageOrigin,
): Promise<boolean> {
  const row = await db.maybeOne(sql`
    select 1 from whatsapp_outbox
    where company_id = ${message.companyId} and whatsapp_id = ${message.connectionId}
      and provider_message_id = ${message.wid} and origin = ${origin}`);
  return row !== undefined;
}

/** Whether the connection gave up sending its message `wid`. */
export async function gaveUp(
  db: Queryable,
  message: { companyId: number; connectionId: number; wid: string },
): Promise<boolean> {
  const row = await db.maybeOne(sql`
    select 1 from whatsapp_outbox
    where company_id = ${message.companyId} and whatsapp_id = ${message.connectionId}
      and provider_message_id = ${message.wid} and status = 'failed'`);
  return row !== undefined;
}
