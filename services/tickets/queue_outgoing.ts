/**
 * A ticket's outgoing message (DESIGN §8a): queued in the connection's outbox
 * (services/outbox) and stored at once in the conversation (ack 0), in the caller's
 * transaction, under the WhatsApp id it will be sent with, so the provider's echo meets
 * this row instead of becoming a second copy. A message for later (`notBefore`) is dated at
 * that time, so the conversation shows it where it goes out.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import type { MediaLinks } from "../../lib/media/signed_url.ts";
import { enqueue, type MessageOrigin, type OutboxMedia } from "../outbox/mod.ts";
import type { Recipient } from "../whatsapp/provider.ts";
import { messageMediaType } from "./media_type.ts";
import { type Message, presentMessage } from "./rows.ts";

export interface OutgoingSpec {
  companyId: number;
  /** The connection (whatsapp id) that sends it. */
  connectionId: number;
  /** The recipient is the ticket's contact and the message is stored in it. */
  ticket: { id: number; contactId: number };
  body: string;
  media?: OutboxMedia;
  /** The WhatsApp id of the message answered. */
  quotedId?: string;
  /** Sent from this time on, not before. */
  notBefore?: Date;
  origin: MessageOrigin;
  /** Business time (a fake clock in tests); the database's `now()` when absent. */
  now?: Date;
  /** Signs the stored message's media address (lib/media/signed_url.ts). */
  links?: MediaLinks;
}

export interface QueuedMessage {
  outboxId: number;
  /** The WhatsApp id the message goes out under. */
  wid: string;
  /** The stored message. */
  message: Message;
}

export async function queueOutgoing(tx: Queryable, spec: OutgoingSpec): Promise<QueuedMessage> {
  const { companyId, connectionId, ticket } = spec;
  const { outboxId, wid } = await enqueue(tx, {
    companyId,
    connectionId,
    to: await contactRecipient(tx, companyId, ticket.contactId),
    body: spec.body,
    media: spec.media,
    quotedId: spec.quotedId,
    notBefore: spec.notBefore,
    origin: spec.origin,
    now: spec.now,
  });
  const at = spec.notBefore ?? spec.now ?? null;
  const stored = await tx.one(sql`
    insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me,
                          read, ack, media_type, media_path, media_name, quoted_wid, origin,
                          created_at)
    values (${companyId}, ${ticket.id}, ${ticket.contactId}, ${connectionId}, ${wid},
            ${spec.body}, true, true, 0, ${messageMediaType(spec.media?.kind)},
            ${spec.media?.path ?? null}, ${spec.media?.fileName ?? null},
            ${spec.quotedId ?? null}, ${spec.origin}, coalesce(${at}::timestamptz, now()))
    returning *`);
  return { outboxId, wid, message: presentMessage(stored, spec.links) };
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
