/**
 * What a Baileys `connection.update` means for a Balcão connection (core §4): which status
 * to show and what the provider does next. Pure, so every disconnect code can be tested
 * without a socket.
 *
 *   connecting → OPENING · qr → qrcode (at most `maxQr` QR codes, then DISCONNECTED and the
 *   half-made credentials forgotten) · open → CONNECTED
 *   close 401 (logged out on the phone, or the device removed) → the session is forgotten
 *     (DISCONNECTED; the next start shows a QR). Nothing else forgets the credentials.
 *   close 403 forbidden / 411 device mismatch → DISCONNECTED, credentials kept: retrying
 *     cannot help, and a person decides
 *   close 515 restart required (normal right after pairing) → reopen at once
 *   close 440 replaced (opened elsewhere) → DISCONNECTED, no retry: retrying would take the
 *     session back and forth with the other place
 *   any other close (408, 428, 500 — Baileys' code for any stream error it does not know —,
 *     503, a lost network) → TIMEOUT, then reopen with the same credentials after a backoff
 *     with jitter, capped at `maxDelayMs`, for as long as the connection is wanted
 */
import type { ConnectionStatus } from "../provider.ts";

export interface LifecycleLimits {
  /** QR codes shown (across reconnects) before giving up on pairing. */
  maxQr: number;
  baseDelayMs: number;
  /** The longest wait between two attempts; reconnecting itself never stops. */
  maxDelayMs: number;
}

export const DEFAULT_LIMITS: LifecycleLimits = {
  maxQr: 5,
  baseDelayMs: 2_000,
  maxDelayMs: 5 * 60_000,
};

export interface LifecycleState {
  qrShown: number;
  reconnects: number;
}

export const FRESH_STATE: LifecycleState = { qrShown: 0, reconnects: 0 };

export interface ConnectionUpdate {
  connection?: "connecting" | "open" | "close";
  qr?: string;
  /** The close's status code (Boom `output.statusCode`), when it has one. */
  statusCode?: number;
}

export type NextStep =
  | { kind: "none" }
  | { kind: "restart" }
  | { kind: "reconnect"; delayMs: number }
  /** End the socket and forget the credentials. */
  | { kind: "forget" }
  /** End the socket, keep the credentials. */
  | { kind: "end" };

export interface Decision {
  status?: { status: ConnectionStatus; qrcode: string; reason?: string };
  next: NextStep;
  state: LifecycleState;
}

/** Closes after which retrying cannot help: shown, and left for a person. */
const FINAL_CODES: Record<number, string> = {
  403: "forbidden",
  411: "deviceMismatch",
  440: "replaced",
};

export function decide(
  update: ConnectionUpdate,
  state: LifecycleState,
  limits: LifecycleLimits = DEFAULT_LIMITS,
  random: () => number = Math.random,
): Decision {
  if (update.qr) {
    const qrShown = state.qrShown + 1;
    if (qrShown > limits.maxQr) {
      return {
        status: { status: "DISCONNECTED", qrcode: "", reason: "qrTimeout" },
        next: { kind: "forget" },
        state: { ...state, qrShown },
      };
    }
    return {
      status: { status: "qrcode", qrcode: update.qr },
      next: { kind: "none" },
      state: { ...state, qrShown },
    };
  }
  if (update.connection === "open") {
    return {
      status: { status: "CONNECTED", qrcode: "" },
      next: { kind: "none" },
      state: FRESH_STATE,
    };
  }
  if (update.connection === "connecting") {
    // Between QR codes Baileys reports nothing new; OPENING only while nothing is shown.
    if (state.qrShown > 0) return { next: { kind: "none" }, state };
    return { status: { status: "OPENING", qrcode: "" }, next: { kind: "none" }, state };
  }
  if (update.connection !== "close") return { next: { kind: "none" }, state };

  const code = update.statusCode;
  if (code === 401) {
    return {
      status: { status: "DISCONNECTED", qrcode: "", reason: "loggedOut" },
      next: { kind: "forget" },
      state,
    };
  }
  if (code !== undefined && code in FINAL_CODES) {
    return {
      status: { status: "DISCONNECTED", qrcode: "", reason: FINAL_CODES[code] },
      next: { kind: "end" },
      state,
    };
  }
  if (code === 515) return { next: { kind: "restart" }, state };
  const reconnects = state.reconnects + 1;
  return {
    status: {
      status: "TIMEOUT",
      qrcode: "",
      reason: code === undefined ? "closed" : `code${code}`,
    },
    next: { kind: "reconnect", delayMs: backoff(reconnects, limits, random) },
    state: { ...state, reconnects },
  };
}

/** Exponential backoff with "equal jitter": half fixed, half random, capped. */
export function backoff(attempt: number, limits: LifecycleLimits, random: () => number): number {
  const ceiling = Math.min(limits.maxDelayMs, limits.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
