/**
 * The tickets area's entry for other areas. Tickets own ticket and message state (DESIGN
 * §8a): another area changes a ticket or stores a message only through the commands here,
 * each of which writes, records the tracking step and announces the change together.
 */
// The inbound pipeline and what plugs into it.
export { createInboundPipeline, type InboundDeps, receiveMessage } from "./inbound.ts";
export type {
  CallHook,
  InboundHook,
  InboundMessage,
  IncomingCall,
  Message,
  Ticket,
  TicketContact,
  TicketTransition,
  TransitionHook,
  TransitionKind,
} from "./types.ts";
export { TransitionHooks } from "./transition_hooks.ts";
// Reading a ticket.
export { findMessage, findTicket } from "./rows.ts";
// Messages to the customer.
export { sendSystemMessage, type SystemMessageOptions } from "./outbound.ts";
export {
  announceToContact,
  type ContactSend,
  type QueuedToContact,
  queueToContact,
} from "./to_contact.ts";
export {
  contactRecipient,
  type OutgoingSpec,
  type QueuedMessage,
  queueOutgoing,
} from "./queue_outgoing.ts";
export type { MessageOrigin } from "../outbox/mod.ts";
export { renderVariables, variablesFor } from "./variables.ts";
// Commands: moves on behalf of the bots, the timers, the integrations and the API.
export {
  aiHandOff,
  type Changed,
  type ChangeDeps,
  closeForApi,
  closeTicket,
  enterQueue,
  handToQueue,
  leaveQueue,
  transferTo,
} from "./moves.ts";
export { markBotTurn, markOutOfHours, setBotOption, setIntegration } from "./bot_state.ts";
export { awaitRating, countRatingRetry, endRatingWait, recordRating } from "./rating_state.ts";
export {
  attachCampaignMessage,
  type CampaignMessage,
  moveToNewConversation,
} from "./message_moves.ts";
