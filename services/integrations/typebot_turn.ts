/**
 * One customer message in a Typebot conversation: the finish and restart keywords, the
 * session reset after `typebotExpires` minutes of silence, then startChat or continueChat,
 * and what Typebot said sent in order, `typebotDelayMessage` apart, its commands obeyed.
 * While the first held reply waits, the customer sees "typing…".
 */
import { sql } from "../../lib/db/mod.ts";
import type { ServiceDeps } from "../deps.ts";
import { contactRecipient } from "../tickets/mod.ts";
import type { ChatPresence } from "../whatsapp/provider.ts";
import type { Message, Ticket } from "../tickets/types.ts";
import { closeByBot, sendBotMessage, transferByBot } from "./actions.ts";
import { type IntegrationSession, stopSession } from "./sessions.ts";
import { answerFor, type BotTurn, continueChat, startChat } from "./typebot.ts";
import type { ActiveIntegration } from "./types.ts";

type TurnDeps = Pick<
  ServiceDeps,
  "db" | "hub" | "media" | "mediaLinks" | "clock" | "log" | "outbound" | "sessions"
>;

const same = (a: string, b: string) =>
  b.trim() !== "" && a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

async function saveSession(
  deps: TurnDeps,
  ticketId: number,
  sessionId: string | null,
  choices: readonly string[],
) {
  await deps.db.run(sql`update queue_integration_sessions
    set typebot_session_id = ${sessionId}, choices = ${JSON.stringify(choices)}::text::jsonb,
        last_activity_at = ${deps.clock.now()}
    where ticket_id = ${ticketId}`);
}

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
    await saveSession(deps, ticket.id, null, []);
    const restart = integration.typebotRestartMessage.trim();
    if (restart) await sendBotMessage(deps, companyId, ticket, { kind: "text", text: restart });
    return;
  }
  const silentMs = now.getTime() - new Date(session.lastActivityAt).getTime();
  const expired = integration.typebotExpires > 0 &&
    silentMs > integration.typebotExpires * 60_000;
  const sessionId = expired ? null : session.typebotSessionId;
  const target = { baseUrl: integration.url, slug: integration.typebotSlug };
  let turn: BotTurn;
  if (!sessionId) {
    turn = await startChat(deps.outbound, target, {
      number: ticket.contact.number,
      pushName: ticket.contact.name,
    });
  } else if (!text) {
    // A file without a caption says nothing Typebot can read.
    turn = { sessionId, outputs: [], choices: session.choices };
  } else {
    turn = await continueChat(
      deps.outbound,
      target,
      sessionId,
      answerFor(text, session.choices),
    );
  }
  await saveSession(deps, ticket.id, turn.sessionId || null, turn.choices);
  if (turn.outputs.length === 0) {
    const unknown = integration.typebotUnknownMessage.trim();
    if (unknown) await sendBotMessage(deps, companyId, ticket, { kind: "text", text: unknown });
    return;
  }
  const delay = integration.typebotDelayMessage;
  // WhatsApp ends "typing…" when our next message arrives, so it covers the first wait; a
  // turn that ends on a command before any reply ends it by hand.
  const typing = delay > 0 && turn.outputs.some((output) => output.kind !== "command");
  if (typing) await showTyping(deps, companyId, ticket, "composing");
  let sent = 0;
  const stopTyping = async () => {
    if (typing && sent === 0) await showTyping(deps, companyId, ticket, "paused");
  };
  for (const output of turn.outputs) {
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
    // WhatsApp shows the pause as the time between messages; the outbox holds each one.
    const notBefore = delay > 0 ? new Date(now.getTime() + delay * sent) : undefined;
    await sendBotMessage(deps, companyId, ticket, output, notBefore);
  }
}
