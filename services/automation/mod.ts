/**
 * The conversation automation (issue 17): the queue chatbot and rating answers as an inbound
 * hook, the ticket timers as domain jobs, and what follows an agent's change of a ticket.
 */
export { conversationFlowHook } from "./flow_hook.ts";
export { automationJobs } from "./jobs.ts";
export { afterTransition } from "./transitions.ts";
export { callRefusal } from "./calls.ts";
