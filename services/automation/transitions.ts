/**
 * What follows an agent's change of a ticket (core §4), a transition hook (services/hooks.ts)
 * run once the change is stored, tracked and announced: the timers armed or called off, and
 * the customer's automatic messages (greeting on accept, notice on transfer, the rating
 * question or completion message on resolve). Texts come from the locales and the
 * connection's fields, with the message variables filled in.
 */
import { createT, DEFAULT_LANG } from "../../lib/i18n/mod.ts";
import { optionOn } from "../settings/company_options.ts";
import {
  sendSystemMessage,
  type Ticket,
  type TicketTransition,
  type TransitionHook,
  variablesFor,
} from "../tickets/mod.ts";
import { askRating, sendCompletion } from "./rating.ts";
import { type FlowDeps, loadFlowTicket } from "./state.ts";
import { armTimer, cancelTimers } from "./timers.ts";

const t = createT(DEFAULT_LANG);

export function conversationTransitions(deps: FlowDeps): TransitionHook {
  return { name: "conversation-transitions", run: (transition) => follow(deps, transition) };
}

async function follow(
  deps: FlowDeps,
  { companyId, kind, before, after }: TicketTransition,
): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now();
  const flow = await loadFlowTicket(db, companyId, after.id);
  if (!flow) return;
  const expires = flow.connection?.expiresTicket ?? 0;
  switch (kind) {
    case "accept":
      await cancelTimers(db, after.id, "transfer");
      await armTimer(db, "expire", flow, now, expires);
      if (await optionOn(db, flow.companyId, "sendGreetingAccepted")) {
        await notify(
          deps,
          companyId,
          after,
          t("automation.acceptGreeting", {
            ...variablesFor({ contactName: after.contact.name, ticketId: after.id, now }),
            agent: after.user?.name ?? "",
          }),
          now,
        );
      }
      return;
    case "reopen":
      await cancelTimers(db, after.id, "rating");
      await armTimer(db, "expire", flow, now, expires);
      return;
    case "return":
      await cancelTimers(db, after.id, "expire");
      return;
    case "transfer": {
      if (after.userId !== null) {
        await cancelTimers(db, after.id, "transfer");
        await armTimer(db, "expire", flow, now, expires);
      } else {
        await cancelTimers(db, after.id, "expire");
      }
      if (await optionOn(db, flow.companyId, "sendMsgTransfTicket")) {
        const notice = transferNotice(before, after);
        if (notice) await notify(deps, companyId, after, notice, now);
      }
      return;
    }
    case "resolve":
      await cancelTimers(db, after.id, "transfer", "expire");
      if (flow.isGroup || !flow.connection) return;
      if (await optionOn(db, flow.companyId, "userRating")) return await askRating(deps, flow, now);
      return await sendCompletion(deps, flow, now);
    case "edit":
      return;
  }
}

function notify(deps: FlowDeps, companyId: number, ticket: Ticket, text: string, now: Date) {
  return sendSystemMessage(deps, companyId, ticket, text, { now });
}

/** The customer's notice when their conversation moves (core §4). */
export function transferNotice(
  before: Pick<Ticket, "queueId" | "userId">,
  after: Ticket,
): string | null {
  const queueChanged = before.queueId !== after.queueId && after.queue !== null;
  const userChanged = after.userId !== null && before.userId !== after.userId;
  const values = { queue: after.queue?.name ?? "", user: after.user?.name ?? "" };
  if (queueChanged && userChanged) return t("automation.transferQueueAndUser", values);
  if (queueChanged) return t("automation.transferQueue", values);
  if (userChanged) return t("automation.transferUser", values);
  return null;
}
