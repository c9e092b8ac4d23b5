/**
 * The queue integrations' entry for the rest of the services (issue 18): the inbound hook
 * that hands a customer's message to the ticket's integration, and the job that answers it.
 */
export { integrationHook, integrationJobs } from "./runtime.ts";
