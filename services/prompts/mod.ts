/**
 * The AI prompts' entry for the rest of the services (issue 18): the inbound hook that
 * queues the AI agent's answer, and the job that answers.
 */
export { aiAgentHook, aiJobs } from "./agent.ts";
