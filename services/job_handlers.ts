/**
 * The background job kinds this installation runs, by name. Each domain area adds its own
 * (scheduled messages, campaign shipments, ticket expiry, invoices…) as it lands; a queued
 * job whose kind is not here fails at once with the reason recorded on its row.
 */
import type { JobHandler } from "../lib/jobs/mod.ts";

export const jobHandlers: Record<string, JobHandler> = {};
