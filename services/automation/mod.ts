/**
 * The conversation automation (issue 17): the queue chatbot and rating answers as an inbound
 * hook, what follows an agent's change of a ticket as a transition hook, the call refusal as
 * a call hook (services/hooks.ts lists them), and the ticket timers as domain jobs.
 */
export { conversationFlowHook } from "./flow_hook.ts";
export { automationJobs } from "./jobs.ts";
export { conversationTransitions } from "./transitions.ts";
export { callRefusal } from "./calls.ts";
