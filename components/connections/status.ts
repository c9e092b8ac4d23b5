/**
 * How the connections table shows each status and which session button it offers (core §4
 * "Connection status"): qrcode shows the QR; DISCONNECTED offers try again and a new QR;
 * TIMEOUT too (the session gave up waiting) plus disconnect; CONNECTED and PAIRING offer
 * disconnect; OPENING shows a disabled "connecting" state.
 */
import type { BadgeTone } from "../ui/Badge.tsx";

export type SessionAction = "qrcode" | "retry" | "newQr" | "disconnect" | "connecting";

export interface StatusView {
  tone: BadgeTone;
  /** `connections.status.<key>` */
  labelKey: string;
  actions: SessionAction[];
}

const VIEWS: Record<string, StatusView> = {
  CONNECTED: { tone: "success", labelKey: "connected", actions: ["disconnect"] },
  qrcode: { tone: "info", labelKey: "qrcode", actions: ["qrcode"] },
  PAIRING: { tone: "warning", labelKey: "pairing", actions: ["disconnect"] },
  OPENING: { tone: "neutral", labelKey: "opening", actions: ["connecting"] },
  TIMEOUT: { tone: "warning", labelKey: "timeout", actions: ["retry", "newQr", "disconnect"] },
  DISCONNECTED: { tone: "danger", labelKey: "disconnected", actions: ["retry", "newQr"] },
};

export function statusView(status: string): StatusView {
  return VIEWS[status] ?? VIEWS.DISCONNECTED!;
}
