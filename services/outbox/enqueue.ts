/**
 * Writing the outbox (DESIGN §6, §8a): every outgoing WhatsApp message, whoever queues it (an
 * agent, a bot, a campaign, a schedule, the integrators' API), becomes a row here, in the
 * caller's transaction, and the connection's owner sends it from there (sender.ts). A
 * ticket's message is also stored in the conversation: services/tickets/queue_outgoing.ts
 * does that under the WhatsApp id chosen here, so the provider's echo meets that message.
 *
 * `notBefore` holds the row back: the sender takes it from that time on.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import type { Recipient } from "../whatsapp/provider.ts";
import { sqlTime } from "./sender.ts";
import type { MessageOrigin, OutboxMedia, OutboxPayload } from "./types.ts";

/** The notification channel that wakes a connection's owner (payload: the connection id). */
export const OUTBOX_CHANNEL = "whatsapp_outbox";

export interface OutboxEntry {
  companyId: number;
  /** The connection (whatsapp id) that sends it. */
  connectionId: number;
  to: Recipient;
  body: string;
  media?: OutboxMedia;
  /** The WhatsApp id of the message answered. */
  quotedId?: string;
  /** Sent from this time on, not before. */
  notBefore?: Date;
  origin: MessageOrigin;
  /** Instead of a message: delete this message of ours for everyone. */
  deleteId?: string;
  /** Business time (a fake clock in tests); the database's `now()` when absent. */
  now?: Date;
}

export interface Enqueued {
  outboxId: number;
  /** The WhatsApp id the message goes out under (the deleted one's, for a delete). */
  wid: string;
}

/** A WhatsApp-style message id ("3EB0" and 18 random bytes, as WhatsApp Web makes them). */
export function newMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return "3EB0" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("").toUpperCase();
}

export async function enqueue(tx: Queryable, entry: OutboxEntry): Promise<Enqueued> {
  const { companyId, connectionId } = entry;
  const wid = entry.deleteId ?? newMessageId();
  const payload: OutboxPayload = {
    to: entry.to,
    body: entry.deleteId ? "" : entry.body,
    ...(entry.deleteId ? { deleteId: entry.deleteId } : { messageId: wid }),
    ...(entry.quotedId ? { quotedId: entry.quotedId } : {}),
    ...(entry.media ? { media: entry.media } : {}),
  };
  const dueAt = entry.notBefore ? sql`${entry.notBefore}::timestamptz` : sqlTime(entry.now);
  const row = await tx.one<{ id: number }>(sql`
    insert into whatsapp_outbox (company_id, whatsapp_id, payload, origin, next_attempt_at,
                                 provider_message_id)
    values (${companyId}, ${connectionId}, ${JSON.stringify(payload)}::text::jsonb,
            ${entry.origin}, ${dueAt}, ${entry.deleteId ? null : wid})
    returning id`);
  // Wakes the owner when the transaction commits, rather than at its next tick.
  if (!entry.notBefore) {
    await tx.run(sql`select pg_notify(${OUTBOX_CHANNEL}, ${String(connectionId)})`);
  }
  return { outboxId: row.id, wid };
}
