/**
 * Where an integration is in one ticket's conversation (queue_integration_sessions): made on
 * the ticket's first message to it, touched on each exchange, stopped for good on a
 * transfer, a close, a stop command or a failure.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import type { ServiceDeps } from "../deps.ts";
import { setIntegration } from "../tickets/mod.ts";

/** Where the integration is in one ticket (queue_integration_sessions). */
export interface IntegrationSession {
  typebotSessionId: string | null;
  choices: string[];
  lastActivityAt: Date;
  /** When a Typebot flow paused on a client-side action goes on (typebot_turn.ts). */
  typebotResumeAt: Date | null;
}

/** The ticket's session, made on its first message (and the ticket marked as the bot's). */
export async function openSession(
  deps: Pick<ServiceDeps, "db" | "clock">,
  companyId: number,
  ticketId: number,
  integrationId: number,
): Promise<IntegrationSession> {
  const now = deps.clock.now();
  const made = await deps.db.run(sql`
    insert into queue_integration_sessions (ticket_id, company_id, integration_id,
                                            last_activity_at)
    values (${ticketId}, ${companyId}, ${integrationId}, ${now})
    on conflict (ticket_id) do nothing`);
  if (made.rowCount > 0) await setIntegration(deps.db, companyId, ticketId, integrationId);
  return await deps.db.one<IntegrationSession>(sql`
    select typebot_session_id as "typebotSessionId", choices,
           last_activity_at as "lastActivityAt", typebot_resume_at as "typebotResumeAt"
    from queue_integration_sessions where ticket_id = ${ticketId}`);
}

export async function touchSession(db: Queryable, ticketId: number, now: Date): Promise<void> {
  await db.run(sql`update queue_integration_sessions set last_activity_at = ${now}
    where ticket_id = ${ticketId}`);
}

/** The integration says no more in this ticket; a person answers from now on. */
export async function stopSession(
  db: Queryable,
  companyId: number,
  ticketId: number,
  reason: string,
  now: Date,
): Promise<void> {
  await db.run(sql`update queue_integration_sessions
    set stopped_at = ${now}, stop_reason = ${reason.slice(0, 500)}
    where ticket_id = ${ticketId} and company_id = ${companyId} and stopped_at is null`);
  await setIntegration(db, companyId, ticketId, null);
}
