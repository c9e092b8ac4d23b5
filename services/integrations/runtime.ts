/**
 * Queue integrations at work (issue 18 item 3): a customer's message in a ticket that no
 * person has taken, whose queue has an integration (or, without a queue, whose connection
 * without queues has one), goes to that integration, and what it answers is sent back.
 *
 * - The inbound hook only queues a job (`integration.message`): the outside service may be
 *   slow, and a webhook that fails is retried with backoff by the job runner.
 * - Answers go through the one send path marked as the bot's, so their echoes are not
 *   taken for an agent's reply.
 * - A transfer (a webhook's `queueId`, Typebot's `#{"queueId":…}`) moves the ticket and
 *   stops the integration in it for good (the anchor's bot kept running); a close resolves it.
 * - When the service fails for good (refusal, time-out, last retry), the integration stops in
 *   that ticket and it waits for a person, the reason in the log. The customer's message is
 *   stored before any of this, so nothing is lost.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { enqueueJob, type Job, type JobHandler } from "../../lib/jobs/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { planFeaturesOf } from "../accounts/permissions.ts";
import type { ServiceDeps } from "../deps.ts";
import {
  findMessage,
  findTicket,
  type InboundHook,
  type Message,
  type Ticket,
} from "../tickets/mod.ts";
import { parseServiceAccount } from "./dialogflow.ts";
import { sealPurpose } from "./integrations.ts";
import { closeByBot, sendBotMessage, transferByBot } from "./actions.ts";
import { type IntegrationSession, openSession, stopSession, touchSession } from "./sessions.ts";
import { resumeTypebot, runTypebot, TYPEBOT_RESUME_JOB } from "./typebot_turn.ts";
import type { ActiveIntegration } from "./types.ts";
import { deliverEvent, webhookEvent } from "./webhook.ts";

export const INTEGRATION_JOB = "integration.message";

/**
 * A webhook is tried this many times (backoff attempts² s) when it fails on its side (5xx,
 * 429, time-out); a refusal (4xx, 3xx) is not tried again. The others once, not to answer
 * twice.
 */
const WEBHOOK_ATTEMPTS = 5;

export type RuntimeDeps = Pick<
  ServiceDeps,
  | "db"
  | "hub"
  | "media"
  | "mediaLinks"
  | "clock"
  | "log"
  | "secrets"
  | "outbound"
  | "dialogflow"
  | "sessions"
>;

/**
 * The integration that answers this ticket now, if any: none once a person has it, once the
 * integration stopped in it, or for groups and closed tickets.
 */
async function integrationOfTicket(
  db: Queryable,
  companyId: number,
  ticketId: number,
): Promise<ActiveIntegration | undefined> {
  return await db.maybeOne<ActiveIntegration>(sql`
    select i.id, i.type, i.name, i.project_name as "projectName",
           i.json_content_sealed as "jsonSealed", i.hmac_secret_sealed as "hmacSealed",
           i.language, i.dialogflow_location as "dialogflowLocation", i.url_n8n as url, i.typebot_slug as "typebotSlug",
           i.typebot_expires as "typebotExpires",
           i.typebot_keyword_finish as "typebotKeywordFinish",
           i.typebot_keyword_restart as "typebotKeywordRestart",
           i.typebot_unknown_message as "typebotUnknownMessage",
           i.typebot_delay_message as "typebotDelayMessage",
           i.typebot_restart_message as "typebotRestartMessage"
    from tickets t
    left join queues q on q.id = t.queue_id
    left join whatsapps w on w.id = t.whatsapp_id
    join queue_integrations i on i.company_id = t.company_id
      and i.id = case
        when t.queue_id is not null then q.integration_id
        -- A connection's integration answers where no queue menu does: otherwise the
        -- chatbot asks for a queue and that queue's integration answers.
        when not exists (select 1 from whatsapp_queues wq
                         where wq.company_id = t.company_id and wq.whatsapp_id = w.id)
          then w.integration_id
      end
    left join queue_integration_sessions s on s.ticket_id = t.id
    where t.id = ${ticketId} and t.company_id = ${companyId}
      and t.user_id is null and t.status <> 'closed' and not t.is_group
      and (s.ticket_id is null or (s.stopped_at is null and s.integration_id = i.id))`);
}

export function integrationHook(deps: RuntimeDeps): InboundHook {
  return {
    name: "queue-integration",
    async run({ companyId, ticket, message }) {
      if (ticket.isGroup || ticket.userId !== null || ticket.status === "closed") return;
      const integration = await integrationOfTicket(deps.db, companyId, ticket.id);
      if (!integration) return;
      if (!(await planFeaturesOf(deps.db, companyId)).useIntegrations) return;
      await enqueueJob(deps.db, {
        kind: INTEGRATION_JOB,
        payload: { ticketId: ticket.id, messageId: message.id, integrationId: integration.id },
        runAt: deps.clock.now(),
        companyId,
        maxAttempts: integration.type === "webhook" || integration.type === "n8n"
          ? WEBHOOK_ATTEMPTS
          : 1,
      });
    },
  };
}

/** The area's job kinds (services/job_handlers.ts lists the areas). */
export function integrationJobs(deps: RuntimeDeps): Record<string, JobHandler<ServiceDeps>> {
  return {
    [INTEGRATION_JOB]: (job) => handleMessage(deps, job),
    [TYPEBOT_RESUME_JOB]: (job) => handleTypebotResume(deps, job),
  };
}

/** The reason of a failure for the log: the guard's or the provider's, never a secret. */
function reasonOf(error: unknown): string {
  if (error instanceof AppError) {
    const reason = error.details?.reason;
    return typeof reason === "string" ? `${error.code} (${reason})` : error.code;
  }
  return error instanceof Error ? error.message : String(error);
}

interface JobContext {
  companyId: number;
  integration: ActiveIntegration;
  ticket: Ticket;
  session: IntegrationSession;
}

/** The ticket and its integration session, when the job's integration still answers it. */
async function jobContext(deps: RuntimeDeps, job: Job): Promise<JobContext | undefined> {
  const companyId = Number(job.companyId);
  const ticketId = Number(job.payload.ticketId);
  const integration = await integrationOfTicket(deps.db, companyId, ticketId);
  // Taken by a person, closed, moved elsewhere or stopped since: nothing to do.
  if (!integration || integration.id !== Number(job.payload.integrationId)) return undefined;
  if (!(await planFeaturesOf(deps.db, companyId)).useIntegrations) return undefined;
  const ticket = await findTicket(deps.db, companyId, ticketId);
  if (!ticket) return undefined;
  const session = await openSession(deps, companyId, ticketId, integration.id);
  return { companyId, integration, ticket, session };
}

/**
 * Runs an integration's work for a job: a failure is retried while the job has attempts
 * left, then stops the integration in that ticket, which waits for a person.
 */
async function guarded(
  deps: RuntimeDeps,
  job: Job,
  context: JobContext,
  work: () => Promise<void>,
): Promise<void> {
  const { companyId, ticket, integration } = context;
  const where = { companyId, ticketId: ticket.id, integrationId: integration.id };
  try {
    await work();
  } catch (error) {
    // A refusal would be refused again: it ends the integration at once.
    const refused = error instanceof AppError && error.code === "ERR_INTEGRATION_REFUSED";
    const lastTry = refused || job.attempts >= job.maxAttempts;
    const reason = reasonOf(error);
    if (!lastTry) {
      deps.log.warn("Queue integration failed: retrying", {
        ...where,
        attempt: job.attempts,
        reason,
      });
      throw error;
    }
    deps.log.warn("Queue integration failed: the ticket waits for a person", { ...where, reason });
    await stopSession(
      deps.db,
      where.companyId,
      where.ticketId,
      `failed: ${reason}`,
      deps.clock.now(),
    );
  }
}

async function handleMessage(deps: RuntimeDeps, job: Job): Promise<void> {
  const context = await jobContext(deps, job);
  if (!context) return;
  const { companyId, integration, ticket, session } = context;
  const messageId = Number(job.payload.messageId);
  const message = await findMessage(deps.db, companyId, messageId, deps.mediaLinks);
  if (!message) return;
  await guarded(
    deps,
    job,
    context,
    () => answer(deps, companyId, integration, ticket, message, session),
  );
}

/** A Typebot flow paused on a Wait block goes on (typebot_turn.ts). */
async function handleTypebotResume(deps: RuntimeDeps, job: Job): Promise<void> {
  const context = await jobContext(deps, job);
  if (!context || context.integration.type !== "typebot") return;
  const { companyId, integration, ticket, session } = context;
  const pause = {
    sessionId: String(job.payload.typebotSessionId),
    resumeAt: String(job.payload.resumeAt),
  };
  await guarded(
    deps,
    job,
    context,
    () => resumeTypebot(deps, companyId, integration, ticket, session, pause),
  );
}

async function answer(
  deps: RuntimeDeps,
  companyId: number,
  integration: ActiveIntegration,
  ticket: Ticket,
  message: Message,
  session: IntegrationSession,
): Promise<void> {
  switch (integration.type) {
    case "webhook":
    case "n8n":
      return await callWebhook(deps, companyId, integration, ticket, message);
    case "typebot":
      return await runTypebot(deps, companyId, integration, ticket, message, session);
    case "dialogflow":
      return await askDialogflow(deps, companyId, integration, ticket, message);
  }
}

async function callWebhook(
  deps: RuntimeDeps,
  companyId: number,
  integration: ActiveIntegration,
  ticket: Ticket,
  message: Message,
): Promise<void> {
  if (!integration.hmacSealed) throw new AppError("ERR_INTEGRATION_NO_SECRET", 500);
  const secret = await deps.secrets.open(
    integration.hmacSealed,
    sealPurpose(integration.id, "hmacSecret"),
  );
  const now = deps.clock.now();
  const event = webhookEvent(integration, ticket, ticket.contact, message, now);
  const result = await deliverEvent(deps.outbound, integration.url, secret, event);
  if ("refused" in result) {
    const moved = result.location ? ` to ${result.location.slice(0, 300)}` : "";
    throw new AppError("ERR_INTEGRATION_REFUSED", 502, {
      reason: `webhook refused the event: HTTP ${result.refused}${moved}`,
    });
  }
  await touchSession(deps.db, ticket.id, now);
  const { reply, queueId, close } = result.reply;
  if (reply) await sendBotMessage(deps, companyId, ticket, { kind: "text", text: reply });
  if (queueId) await transferByBot(deps, companyId, ticket.id, { queueId });
  else if (close) await closeByBot(deps, companyId, ticket.id, "closed by the webhook");
}

async function askDialogflow(
  deps: RuntimeDeps,
  companyId: number,
  integration: ActiveIntegration,
  ticket: Ticket,
  message: Message,
): Promise<void> {
  const text = message.body.trim();
  if (!text) return;
  if (!integration.jsonSealed) throw new AppError("ERR_INTEGRATION_NO_ACCOUNT", 500);
  const json = await deps.secrets.open(
    integration.jsonSealed,
    sealPurpose(integration.id, "jsonContent"),
  );
  const result = await deps.dialogflow.detectIntent(parseServiceAccount(json), {
    projectId: integration.projectName,
    location: integration.dialogflowLocation,
    session: `balcao-${companyId}-${ticket.id}`,
    text,
    languageCode: integration.language,
  });
  await touchSession(deps.db, ticket.id, deps.clock.now());
  for (const reply of result.texts) {
    await sendBotMessage(deps, companyId, ticket, { kind: "text", text: reply });
  }
  if (result.end) await closeByBot(deps, companyId, ticket.id, "the Dialogflow conversation ended");
}
