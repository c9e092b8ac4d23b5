/**
 * The tickets area's entry for other areas: the inbound pipeline and its hooks, the one way
 * to queue an outgoing message, and the shapes they use.
 */
export { createInboundPipeline, type InboundDeps } from "./inbound.ts";
export type { InboundHook, InboundMessage, Message, Ticket, TicketContact } from "./types.ts";
export {
  type MessageOrigin,
  type OutgoingSpec,
  type QueuedMessage,
  queueOutgoing,
} from "./queue_outgoing.ts";
