/**
 * The hooks of this installation, beside the job list (job_handlers.ts): what other areas do
 * when the tickets area stores a customer's message (inbound hooks), hears of a call (call
 * hooks) or an agent changes a ticket (transition hooks). The tickets area runs them and
 * imports none of them; a new hook is written in its area and listed here, in the place its
 * order asks for. `connectHooks` is all main.ts calls.
 *
 * @example
 * // services/<area>/<hook>.ts
 * export function myHook(deps: ServiceDeps): InboundHook {
 *   return { name: "my-hook", run: (received) => reactTo(deps, received) };
 * }
 * // and here, in inboundHooks: myHook(deps),
 */
import type { ServiceDeps } from "./deps.ts";
import { callRefusal, conversationFlowHook, conversationTransitions } from "./automation/mod.ts";
import { campaignReplyHook } from "./campaigns/mod.ts";
import { integrationHook } from "./integrations/mod.ts";
import { aiAgentHook } from "./prompts/mod.ts";
import {
  type CallHook,
  createInboundPipeline,
  type InboundHook,
  type TransitionHook,
} from "./tickets/mod.ts";

/** After a customer's message is stored, in this order. */
export function inboundHooks(deps: ServiceDeps): InboundHook[] {
  return [
    // First, before anyone answers: a reply confirming a campaign queues the campaign's
    // message, and a ticket the reply opened shows the campaign message it answers, so the
    // conversation reads in order.
    campaignReplyHook(deps),
    // The timers, a rating answer and the queue chatbot: the chatbot may put the ticket in a
    // queue, and the queue decides which integration or prompt answers, so the bots below
    // read the ticket after it.
    conversationFlowHook(deps),
    // A queue's (or connection's) integration, then its AI prompt: a prompt stays silent
    // where an integration is set, so these two never both answer; each only queues a job.
    integrationHook(deps),
    aiAgentHook(deps),
  ];
}

/** When a call is reported. */
export function callHooks(deps: ServiceDeps): CallHook[] {
  // With the company's `call` setting off, a ringing call is refused and the caller asked
  // to write instead.
  return [callRefusal(deps)];
}

/** After an agent's change of a ticket is stored, tracked and announced, in this order. */
export function transitionHooks(deps: ServiceDeps): TransitionHook[] {
  // Timers armed or called off, then the customer's automatic message (greeting, transfer
  // notice, rating question or completion message).
  return [conversationTransitions(deps)];
}

/**
 * Connects the hooks once, at start: what the phones report goes through the inbound
 * pipeline (contacts, tickets, messages, then the hooks), and an agent's changes go to the
 * transition hooks.
 */
export function connectHooks(deps: ServiceDeps): void {
  deps.sessions.subscribe(createInboundPipeline(deps, inboundHooks(deps), callHooks(deps)));
  deps.transitions.use(transitionHooks(deps));
}
