/**
 * Whether a company is ready for the dashboard (issue 21): until a number is paired, a queue
 * exists and an agent has answered a customer, `/` shows the getting-started checklist
 * (components/home/GettingStarted.tsx) with these facts as its ticks; then the dashboard.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";

export interface Readiness {
  /** A connection that is connected now, or was paired (its WhatsApp keys are stored). */
  connectionPaired: boolean;
  queueCreated: boolean;
  /** An agent took a ticket up (its tracking row was accepted): the first attendance. */
  ticketAnswered: boolean;
}

export async function readinessOf(db: Queryable, companyId: number): Promise<Readiness> {
  return await db.one<Readiness>(sql`
    select exists (select 1 from whatsapps w
                   where w.company_id = ${companyId}
                     and (w.status = 'CONNECTED'
                          or exists (select 1 from whatsapp_auth a
                                     where a.company_id = ${companyId} and a.whatsapp_id = w.id)))
             as "connectionPaired",
           exists (select 1 from queues where company_id = ${companyId}) as "queueCreated",
           exists (select 1 from ticket_tracking
                   where company_id = ${companyId} and accepted_at is not null)
             as "ticketAnswered"`);
}

export function isReady(readiness: Readiness): boolean {
  return readiness.connectionPaired && readiness.queueCreated && readiness.ticketAnswered;
}
