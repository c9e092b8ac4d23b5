/**
 * One customer message in a Typebot conversation: the finish and restart keywords, the
 * session reset after `typebotExpires` minutes of silence, then startChat or continueChat,
 * and what Typebot said sent in order, `typebotDelayMessage` apart and held back by its
 * Wait blocks, its commands obeyed. While the first held reply waits, the customer sees
 * "typing…".
 *
 * Typebot's session lifecycle (typebot.ts): a flow that ends forgets its session, so the
 * next message starts a new chat, as does a session Typebot answers 404 for. A flow that
 * waits for a dedicated answer goes on without the customer: at once for a client-side Set
 * variable, after its seconds for a pausing Wait (a job, `TYPEBOT_RESUME_JOB`); what the
 * customer writes meanwhile does not answer it.
 */
import { sql } from "../../lib/db/mod.ts";
import { enqueueJob } from "../../lib/jobs/mod.ts";
import type { ServiceDeps } from "../deps.ts";
import { contactRecipient } from "../tickets/mod.ts";
import type { ChatPresence } from "../whatsapp/provider.ts";
import type { Message, Ticket } from "../tickets/types.ts";
import { closeByBot, sendBotMessage, transferByBot } from "./actions.ts";
import { type IntegrationSession, stopSession } from "./sessions.ts";
import { answerFor, type BotTurn, continueChat, startChat, type TypebotTarget } from "./typebot.ts";
import type { ActiveIntegration } from "./types.ts";

type TurnDeps = Pick<
  ServiceDeps,
  "db" | "hub" | "media" | "mediaLinks" | "clock" | "log" | "outbound" | "sessions"
>;

export const TYPEBOT_RESUME_JOB = "integration.typebot.resume";

/**
 * Turns followed one after another without waiting (client-side Set variable blocks): more
 * go on from a job, so a flow that loops on them cannot hold the job runner.
 */
const MAX_TURNS_AT_ONCE = 10;

const same = (a: string, b: string) =>
  b.trim() !== "" && a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

interface TypebotState {
  sessionId: string | null;
  choices: readonly string[];
  resumeAt: Date | null;
}

const FORGOTTEN: TypebotState = { sessionId: null, choices: [], resumeAt: null };

async function saveSession(deps: TurnDeps, ticketId: number, state: TypebotState) {
  await deps.db.run(sql`update queue_integration_sessions
    set typebot_session_id = ${state.sessionId},
        choices = ${JSON.stringify(state.choices)}::text::jsonb,
        typebot_resume_at = ${state.resumeAt}, last_activity_at = ${deps.clock.now()}
    where ticket_id = ${ticketId}`);
}

const targetOf = (integration: ActiveIntegration): TypebotTarget => ({
  baseUrl: integration.url,
  slug: integration.typebotSlug,
});

/**
 * "typing…" in the customer's chat, shown by the connection when it runs here. A courtesy:
 * a failure is logged and the replies go out all the same.
 */
async function showTyping(
  deps: TurnDeps,
  companyId: number,
  ticket: Ticket,
  presence: ChatPresence,
): Promise<void> {
  if (ticket.whatsappId === null) return;
  try {
    const to = await contactRecipient(deps.db, companyId, ticket.contact.id);
    await deps.sessions.sendPresence(ticket.whatsappId, to, presence);
  } catch (error) {
    deps.log.warn("Typebot: the typing indicator could not be shown", {
      companyId,
      ticketId: ticket.id,
      error: String(error),
    });
  }
}

export async function runTypebot(
  deps: TurnDeps,
  companyId: number,
  integration: ActiveIntegration,
  ticket: Ticket,
  message: Message,
  session: IntegrationSession,
): Promise<void> {
  const now = deps.clock.now();
  const text = message.body.trim();
  if (same(text, integration.typebotKeywordFinish)) {
    await closeByBot(deps, companyId, ticket.id, "the customer typed the finish keyword");
    return;
  }
  if (same(text, integration.typebotKeywordRestart)) {
    await saveSession(deps, ticket.id, FORGOTTEN);
    const restart = integration.typebotRestartMessage.trim();
    if (restart) await sendBotMessage(deps, companyId, ticket, { kind: "text", text: restart });
    return;
  }
  const silentMs = now.getTime() - new Date(session.lastActivityAt).getTime();
  const expired = integration.typebotExpires > 0 &&
    silentMs > integration.typebotExpires * 60_000;
  const sessionId = expired ? null : session.typebotSessionId;
  // Typebot waits on a pausing Wait block: the customer's text is no answer to it.
  if (sessionId && session.typebotResumeAt) return;
  const target = targetOf(integration);
  const start = () =>
    startChat(deps.outbound, target, {
      number: ticket.contact.number,
      pushName: ticket.contact.name,
    });
  let turn: BotTurn;
  if (!sessionId) {
    turn = await start();
  } else if (!text) {
    // A file without a caption says nothing Typebot can read.
    turn = {
      sessionId,
      outputs: [],
      choices: session.choices,
      ended: false,
      silent: true,
    };
  } else {
    // A session Typebot no longer has (its flow ended, it expired there) starts over.
    turn = await continueChat(deps.outbound, target, sessionId, answerFor(text, session.choices)) ??
      await start();
  }
  await playTurns(deps, companyId, integration, ticket, turn);
}

/**
 * The job of a flow paused on a Wait block: it goes on, unless the session changed since
 * (restarted, expired, ended) or the job is not this pause's.
 */
export async function resumeTypebot(
  deps: TurnDeps,
  companyId: number,
  integration: ActiveIntegration,
  ticket: Ticket,
  session: IntegrationSession,
  pause: { sessionId: string; resumeAt: string },
): Promise<void> {
  const resumeAt = session.typebotResumeAt && new Date(session.typebotResumeAt).toISOString();
  if (session.typebotSessionId !== pause.sessionId || resumeAt !== pause.resumeAt) return;
  const turn = await continueChat(deps.outbound, targetOf(integration), pause.sessionId, undefined);
  if (!turn) {
    await saveSession(deps, ticket.id, FORGOTTEN);
    return;
  }
  await playTurns(deps, companyId, integration, ticket, turn);
}

/**
 * Sends what the turns say and records where the flow is: waiting for the customer (its
 * session and choices), paused until a time (a resume job), or over (forgotten). A turn that
 * waits for a dedicated answer due at once is followed here.
 */
async function playTurns(
  deps: TurnDeps,
  companyId: number,
  integration: ActiveIntegration,
  ticket: Ticket,
  first: BotTurn,
): Promise<void> {
  const now = deps.clock.now();
  if (first.silent) {
    const unknown = integration.typebotUnknownMessage.trim();
    if (unknown) await sendBotMessage(deps, companyId, ticket, { kind: "text", text: unknown });
  }
  const delay = integration.typebotDelayMessage;
  // WhatsApp ends "typing…" when our next message arrives, so it covers the first wait; a
  // turn that ends on a command before any reply ends it by hand.
  const typing = delay > 0 &&
    first.outputs.some((output) => output.kind === "text" || output.kind === "media");
  if (typing) await showTyping(deps, companyId, ticket, "composing");
  let sent = 0;
  /** How far after `now` the next message may leave (the delays and waits so far). */
  let heldMs = 0;
  const stopTyping = async () => {
    if (typing && sent === 0) await showTyping(deps, companyId, ticket, "paused");
  };
  let turn = first;
  for (let round = 1;; round++) {
    for (const output of turn.outputs) {
      if (output.kind === "wait") {
        heldMs += output.seconds * 1000;
        continue;
      }
      if (output.kind === "command") {
        const { stopBot, queueId, userId } = output.command;
        if (queueId || userId) {
          await stopTyping();
          await transferByBot(deps, companyId, ticket.id, { queueId, userId });
          return;
        }
        if (stopBot) {
          await stopTyping();
          await stopSession(deps.db, companyId, ticket.id, "stopped by the typebot", now);
          return;
        }
        continue;
      }
      sent++;
      heldMs += delay;
      // WhatsApp shows the pause as the time between messages; the outbox holds each one.
      const notBefore = heldMs > 0 ? new Date(now.getTime() + heldMs) : undefined;
      await sendBotMessage(deps, companyId, ticket, output, notBefore);
    }
    if (turn.resumeAfter === undefined) {
      await saveSession(
        deps,
        ticket.id,
        turn.ended
          ? FORGOTTEN
          : { sessionId: turn.sessionId, choices: turn.choices, resumeAt: null },
      );
      return;
    }
    if (turn.resumeAfter > 0 || round >= MAX_TURNS_AT_ONCE) {
      // The wait starts once the messages held before it have left.
      const resumeAt = new Date(now.getTime() + heldMs + turn.resumeAfter * 1000);
      await saveSession(deps, ticket.id, { sessionId: turn.sessionId, choices: [], resumeAt });
      await enqueueJob(deps.db, {
        kind: TYPEBOT_RESUME_JOB,
        payload: {
          ticketId: ticket.id,
          integrationId: integration.id,
          typebotSessionId: turn.sessionId,
          resumeAt: resumeAt.toISOString(),
        },
        runAt: resumeAt,
        companyId,
        // Going on twice would answer twice; a failure hands the ticket to a person.
        maxAttempts: 1,
      });
      return;
    }
    const next = await continueChat(
      deps.outbound,
      targetOf(integration),
      turn.sessionId,
      undefined,
    );
    if (!next) {
      await saveSession(deps, ticket.id, FORGOTTEN);
      return;
    }
    turn = next;
  }
}
