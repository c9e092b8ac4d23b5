/**
 * The tickets area's shapes that other areas plug into (DESIGN §8a). The inbound pipeline
 * answers each stored message as an `InboundMessage` and hands it to the `InboundHook`s: the
 * queue chatbot, AI prompts, integrations, ratings and out-of-hours replies; a reported call
 * goes to the `CallHook`s, and an agent's change of a ticket to the `TransitionHook`s. The
 * lists, in order, are services/hooks.ts.
 */
import type { ProviderEvent } from "../whatsapp/provider.ts";
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

/** What an agent's change did to a ticket (services/tickets/update.ts). */
export type TransitionKind = "accept" | "return" | "resolve" | "reopen" | "transfer" | "edit";

/** An agent's change of a ticket, stored, tracked and announced. */
export interface TicketTransition {
  companyId: number;
  kind: TransitionKind;
  before: Ticket;
  after: Ticket;
}

/**
 * Something to do after an agent's change of a ticket is stored (the greeting on accept, the
 * rating question on resolve…). Hooks run in the order given; one that throws is logged and
 * the next one runs: the change stands whatever a hook does.
 */
export interface TransitionHook {
  name: string;
  run(transition: TicketTransition): Promise<void> | void;
}

/** A call ringing (or ended) on a connection, as its provider reported it. */
export type IncomingCall = Extract<ProviderEvent, { type: "call" }>;

/** Something to do when a call is reported; run like the inbound hooks. */
export interface CallHook {
  name: string;
  run(call: IncomingCall): Promise<void> | void;
}
