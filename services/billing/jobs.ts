/**
 * Billing's background work: the invoice sweep, queued at start and every hour (one job
 * across instances, see lib/jobs enqueueSweep); the invoices' unique (company, due date)
 * keeps even two sweeps at once from making a second invoice.
 */
import type { JobHandler, Sweep } from "../../lib/jobs/mod.ts";
import type { ServiceDeps } from "../deps.ts";
import { generateDueInvoices } from "./invoices.ts";

export const INVOICE_SWEEP: Sweep = { kind: "invoice.generate", cron: "0 0 * * * *" };

// The handlers' type is spelled out rather than imported from job_handlers.ts, which imports
// this file: services must not import one another in a cycle.
export function billingJobs(deps: ServiceDeps): Record<string, JobHandler<ServiceDeps>> {
  return {
    [INVOICE_SWEEP.kind]: async () => {
      const made = await generateDueInvoices(deps.db, deps.clock.now());
      if (made.length) deps.log.info(`billing: ${made.length} new invoice(s)`);
    },
  };
}
