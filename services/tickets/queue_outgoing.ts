/**
 * The one send path (DESIGN §8a): every outgoing WhatsApp message, whoever queues it (an
 * agent, a bot, a campaign, a schedule, the integrators' API), is written here, and only
 * here, into the connection's outbox, in the caller's transaction. The connection's owner
 * sends it from there (services/whatsapp/outbox.ts).
 *
 * - In a ticket, the message is stored at once (ack 0) under the WhatsApp id it will be sent
 *   with, so the provider's echo meets this row instead of becoming a second copy.
 * - To a recipient alone (a campaign's number), only the outbox row is written; when the
 *   echo arrives, the inbound pipeline gives the stored message the row's origin.
 * - `notBefore` holds the row back: the claimer takes it from that time on. A ticket's
 *   message for later is dated at that time, so the conversation shows it where it goes out.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { type OutboxPayload, sqlTime } from "../whatsapp/outbox.ts";
import type { Recipient } from "../whatsapp/provider.ts";
import type { MediaLinks } from "../../lib/media/signed_url.ts";
import { type Message, presentMessage } from "./rows.ts";

/** Who queued a message; stored on the outbox row and on the message. */
export type MessageOrigin = "agent" | "bot" | "campaign" | "schedule" | "api";

export interface OutgoingSpec {
  companyId: number;
  /** The connection (whatsapp id) that sends it. */
  connectionId: number;
  /** In a ticket: the recipient is the ticket's contact and the message is stored in it. */
  ticket?: { id: number; contactId: number };
  /** Without a ticket: who receives it. */
  to?: Recipient;
  body: string;
  media?: NonNullable<OutboxPayload["media"]>;
  /** The WhatsApp id of the message answered. */
  quotedId?: string;
  /** Sent from this time on, not before. */
  notBefore?: Date;
  origin: MessageOrigin;
  /** Instead of a message: delete this message of ours for everyone. */
  deleteId?: string;
  /** Business time (a fake clock in tests); the database's `now()` when absent. */
  now?: Date;
  /** Signs the stored message's media address (lib/media/signed_url.ts). */
  links?: MediaLinks;
}

export interface QueuedMessage {
  outboxId: number;
  /** The WhatsApp id the message goes out under. */
  wid: string;
  /** The stored message, when queued in a ticket. */
  message?: Message;
}

/** A WhatsApp-style message id ("3EB0" and 18 random bytes, as WhatsApp Web makes them). */
export function newMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return "3EB0" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("").toUpperCase();
}

export async function queueOutgoing(tx: Queryable, spec: OutgoingSpec): Promise<QueuedMessage> {
  const { companyId, connectionId, ticket } = spec;
  const to = ticket ? await contactRecipient(tx, companyId, ticket.contactId) : spec.to;
  if (!to) throw new Error("queueOutgoing needs a ticket or a recipient.");
  const wid = spec.deleteId ?? newMessageId();
  const payload: OutboxPayload = {
    to,
    body: spec.deleteId ? "" : spec.body,
    ...(spec.deleteId ? { deleteId: spec.deleteId } : { messageId: wid }),
    ...(spec.quotedId ? { quotedId: spec.quotedId } : {}),
    ...(spec.media ? { media: spec.media } : {}),
  };
  const queuedAt = spec.notBefore ? sql`${spec.notBefore}::timestamptz` : sqlTime(spec.now);
  const row = await tx.one<{ id: number }>(sql`
    insert into whatsapp_outbox (company_id, whatsapp_id, payload, origin, next_attempt_at,
                                 provider_message_id)
    values (${companyId}, ${connectionId}, ${JSON.stringify(payload)}::text::jsonb,
            ${spec.origin}, ${queuedAt}, ${spec.deleteId ? null : wid})
    returning id`);
  // Wakes the owner when the transaction commits, rather than at its next tick.
  if (!spec.notBefore) {
    await tx.run(sql`select pg_notify('whatsapp_outbox', ${String(connectionId)})`);
  }
  if (!ticket || spec.deleteId) return { outboxId: row.id, wid };
  const stored = await tx.one(sql`
    insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me,
                          read, ack, media_type, media_path, media_name, quoted_wid, origin,
                          created_at)
    values (${companyId}, ${ticket.id}, ${ticket.contactId}, ${connectionId}, ${wid},
            ${spec.body}, true, true, 0,
            ${spec.media ? mediaTypeOf(spec.media.kind) : "chat"}, ${spec.media?.path ?? null},
            ${spec.media?.fileName ?? null}, ${spec.quotedId ?? null}, ${spec.origin},
            ${queuedAt})
    returning *`);
  return { outboxId: row.id, wid, message: presentMessage(stored, spec.links) };
}

/** Where a ticket's messages go: its contact's number, LID or group. */
export async function contactRecipient(
  db: Queryable,
  companyId: number,
  contactId: number,
): Promise<Recipient> {
  const contact = await db.one<{ number: string; lid: string | null; is_group: boolean }>(sql`
    select number, lid, is_group from contacts
    where company_id = ${companyId} and id = ${contactId}`);
  return { number: contact.number, lid: contact.lid, isGroup: contact.is_group };
}

function mediaTypeOf(kind: string): string {
  return kind === "document" ? "application" : kind;
}
