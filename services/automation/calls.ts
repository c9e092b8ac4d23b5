/**
 * Calls (admin §3 `call`, anchor §4.9): with the company's `call` setting disabled, a voice
 * or video call to the connection is refused as it rings, the caller gets a message asking
 * them to write instead, and the conversation shows the missed call. With it enabled the
 * phone rings as usual and nothing is done here. Group calls are left alone.
 */
import { createT, DEFAULT_LANG } from "../../lib/i18n/mod.ts";
import type { ServiceDeps } from "../deps.ts";
import { optionOn } from "../settings/company_options.ts";
import {
  type CallHook,
  type IncomingCall,
  receiveMessage,
  sendSystemMessage,
} from "../tickets/mod.ts";

const t = createT(DEFAULT_LANG);

const pad = (n: number) => String(n).padStart(2, "0");

/** A call hook (services/hooks.ts); it acts on ringing calls only. */
export function callRefusal(deps: ServiceDeps): CallHook {
  return { name: "call-refusal", run: (event) => refuse(deps, event) };
}

async function refuse(deps: ServiceDeps, event: IncomingCall): Promise<void> {
  const { call } = event;
  if (call.status !== "offer" || call.isGroup) return;
  if (await optionOn(deps.db, event.companyId, "call")) return;
  await deps.sessions.rejectCall(event.connectionId, call);
  const now = deps.clock.now();
  const time = `${pad(now.getHours())}:${pad(now.getMinutes())}`;
  // Stored once per call id: a repeated report of the same call does nothing more.
  const stored = await receiveMessage(deps, event.companyId, event.connectionId, {
    messageId: `CALL-${call.callId}`,
    chat: call.from,
    sender: call.from,
    fromMe: false,
    timestamp: now,
    body: t(call.isVideo ? "automation.missedVideoCall" : "automation.missedVoiceCall", { time }),
    callLog: { isVideo: call.isVideo },
    isHistory: false,
  });
  if (!stored) return;
  await sendSystemMessage(deps, event.companyId, stored.ticket, t("automation.callRefused"), {
    now,
  });
}
