/**
 * What follows an agent's change of a ticket (core §4), called by services/tickets/update.ts
 * once the change is stored and announced: the tracking row's step, the timers armed or
 * called off, and the customer's automatic messages (greeting on accept, notice on transfer,
 * the rating question or completion message on resolve). Texts come from the locales and
 * the connection's fields, with the message variables filled in.
 */
import { sql } from "../../lib/db/mod.ts";
import { createT, DEFAULT_LANG } from "../../lib/i18n/mod.ts";
import { optionOn } from "../settings/company_options.ts";
import { sendSystemMessage } from "../tickets/outbound.ts";
import type { Ticket } from "../tickets/rows.ts";
import { track } from "../tickets/tracking.ts";
import { variablesFor } from "../tickets/variables.ts";
import type { FlowDeps } from "./moves.ts";
import { askRating, sendCompletion } from "./rating.ts";
import { loadFlowTicket } from "./state.ts";
import { armTimer, cancelTimers } from "./timers.ts";

const t = createT(DEFAULT_LANG);

export type TransitionKind = "accept" | "return" | "resolve" | "reopen" | "transfer" | "edit";

export async function afterTransition(
  deps: FlowDeps,
  companyId: number,
  kind: TransitionKind,
  before: Ticket,
  after: Ticket,
): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now();
  const flow = await loadFlowTicket(db, companyId, after.id);
  if (!flow) return;
  const facts = { queueId: after.queueId, userId: after.userId };
  const expires = flow.connection?.expiresTicket ?? 0;
  switch (kind) {
    case "accept":
      await track(db, flow.companyId, after.id, "accepted", now, facts);
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
      await db.run(sql`update tickets set rating_asked_at = null, rating_retries = 0
                       where company_id = ${flow.companyId} and id = ${after.id}`);
      await cancelTimers(db, after.id, "rating");
      await track(db, flow.companyId, after.id, "accepted", now, facts);
      await armTimer(db, "expire", flow, now, expires);
      return;
    case "return":
      await cancelTimers(db, after.id, "expire");
      return;
    case "transfer": {
      await track(db, flow.companyId, after.id, "transferred", now, facts);
      if (after.userId !== null) {
        await track(db, flow.companyId, after.id, "accepted", now, facts);
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
      await track(db, flow.companyId, after.id, "finished", now, facts);
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
export function transferNotice(before: Ticket, after: Ticket): string | null {
  const queueChanged = before.queueId !== after.queueId && after.queue !== null;
  const userChanged = after.userId !== null && before.userId !== after.userId;
  const values = { queue: after.queue?.name ?? "", user: after.user?.name ?? "" };
  if (queueChanged && userChanged) return t("automation.transferQueueAndUser", values);
  if (queueChanged) return t("automation.transferQueue", values);
  if (userChanged) return t("automation.transferUser", values);
  return null;
}
