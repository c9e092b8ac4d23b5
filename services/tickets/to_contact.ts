/**
 * Messages the system sends to a contact on its own (a schedule, the integrators' API),
 * stored in the contact's ticket in progress on the connection, or a new pending one (the
 * rule of the anchor's FindOrCreateTicket), so agents see them in the conversation. The
 * text's variables are filled in as in the message input. Call `queueToContact` inside the
 * caller's transaction, then `announceToContact` once it committed.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import type { MediaLinks } from "../../lib/media/signed_url.ts";
import type { MessageOrigin, OutboxMedia } from "../outbox/mod.ts";
import { ticketInProgress } from "./inbound_place.ts";
import { type OutboundDeps, touchTicket } from "./outbound.ts";
import { queueOutgoing } from "./queue_outgoing.ts";
import type { Message } from "./rows.ts";
import { renderVariables } from "./variables.ts";

export interface ContactSend {
  companyId: number;
  connectionId: number;
  contactId: number;
  /** Text (variables not yet filled in); with media it is the first file's caption. */
  body: string;
  media?: OutboxMedia[];
  origin: Exclude<MessageOrigin, "agent">;
  /** Business time: the messages' date and the variables' clock. */
  now: Date;
  links?: MediaLinks;
}

export interface QueuedToContact {
  ticketId: number;
  /** The ticket was opened for these messages. */
  created: boolean;
  messages: Message[];
}

export async function queueToContact(
  tx: Queryable,
  spec: ContactSend,
): Promise<QueuedToContact> {
  const contact = await tx.one<{ name: string; is_group: boolean }>(sql`
    select name, is_group from contacts
    where company_id = ${spec.companyId} and id = ${spec.contactId}`);
  const ticket = await ticketInProgress(
    tx,
    spec.companyId,
    spec.contactId,
    spec.connectionId,
    contact.is_group,
  );
  const body = renderVariables(spec.body, {
    contactName: contact.name,
    ticketId: ticket.id,
    now: spec.now,
  });
  const files = spec.media ?? [];
  const parts = files.length
    ? files.map((media, i) => ({ media, body: i === 0 ? body : "" }))
    : [{ media: undefined, body }];
  const messages: Message[] = [];
  for (const part of parts) {
    const queued = await queueOutgoing(tx, {
      companyId: spec.companyId,
      connectionId: spec.connectionId,
      ticket: { id: ticket.id, contactId: spec.contactId },
      body: part.body,
      media: part.media,
      origin: spec.origin,
      now: spec.now,
      links: spec.links,
    });
    messages.push(queued.message);
  }
  return { ticketId: ticket.id, created: ticket.created, messages };
}

/** The live events of what `queueToContact` stored, after its transaction committed. */
export async function announceToContact(
  deps: OutboundDeps,
  companyId: number,
  queued: QueuedToContact,
): Promise<void> {
  for (const message of queued.messages) {
    await touchTicket(deps, companyId, queued.ticketId, message);
  }
}
