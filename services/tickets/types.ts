/**
 * The tickets area's shapes that other areas plug into (DESIGN §8a). The inbound pipeline
 * answers each stored message as an `InboundMessage` and hands it to the `InboundHook`s: the
 * queue chatbot, AI prompts, integrations, ratings and out-of-hours replies.
 */
import type { Message, Ticket, TicketContact } from "./rows.ts";

export type { Message, Ticket, TicketContact } from "./rows.ts";

/** A message the pipeline stored, with where it went. */
export interface InboundMessage {
  companyId: number;
  /** The ticket after the message moved it (last message, unread count). */
  ticket: Ticket;
  message: Message;
  contact: TicketContact;
  /** True only for the message that opened this ticket. */
  created: boolean;
}

/**
 * Something to do after a customer's message is stored and committed. Hooks run in the
 * order given, once per stored message: never for a repeated delivery of the same WhatsApp
 * message, never for our own messages (fromMe). A hook that throws is logged and the next
 * one runs; the message stays stored whatever a hook does.
 */
export interface InboundHook {
  /** Names the hook in the log when it fails. */
  name: string;
  run(received: InboundMessage): Promise<void> | void;
}
