/**
 * Webhook and n8n integrations (issue 18 item 3): each customer message is POSTed as a
 * documented JSON event, never the WhatsApp provider's own object:
 *
 * ```json
 * { "event": "message.received", "sentAt": "2026-01-01T12:00:00.000Z",
 *   "integration": { "id": 3, "name": "CRM" },
 *   "ticket": { "id": 9, "uuid": "…", "status": "pending", "queueId": 2, "connectionId": 1 },
 *   "contact": { "id": 5, "name": "Ana", "number": "5511999990000" },
 *   "message": { "id": 77, "body": "Oi", "mediaType": "chat", "mediaUrl": null,
 *                "createdAt": "…" } }
 * ```
 *
 * signed with the integration's secret: `X-Balcao-Signature: sha256=<hex HMAC-SHA256 of the
 * raw body>`. The body carries `sentAt`, so a receiver can refuse old (replayed) events; it
 * is also in `X-Balcao-Timestamp`. A JSON answer `{ "reply": "…", "queueId": n,
 * "close": true }` is acted on (runtime.ts); any other 2xx answer is just a receipt (n8n's
 * "Workflow was started" when its Webhook node responds immediately).
 *
 * A 5xx, a 429, a time-out or an unreachable host is tried again later; a 4xx is the
 * receiver refusing this event and a 3xx a receiver that moved: neither is sent again (the
 * same event would be refused again), and a redirect is never followed, since following a
 * 301/302 turns the POST into a GET without the event. The integration then stops in that
 * ticket, the reason (with the new address) in its stop reason.
 */
import { Buffer } from "node:buffer";
import type { OutboundFetch } from "../../lib/net/outbound.ts";
import { AppError } from "../../lib/http/errors.ts";
import type { Message, Ticket, TicketContact } from "../tickets/types.ts";

const encodeHex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const CALL_TIMEOUT_MS = 10_000;
export const SIGNATURE_HEADER = "X-Balcao-Signature";
export const TIMESTAMP_HEADER = "X-Balcao-Timestamp";

export interface WebhookEvent {
  event: "message.received";
  sentAt: string;
  integration: { id: number; name: string };
  ticket: {
    id: number;
    uuid: string;
    status: string;
    queueId: number | null;
    connectionId: number | null;
  };
  contact: { id: number; name: string; number: string };
  message: {
    id: number;
    body: string;
    mediaType: string;
    mediaUrl: string | null;
    createdAt: string;
  };
}

/** What a receiver may ask for in its answer. */
export interface WebhookReply {
  reply?: string;
  queueId?: number;
  close?: boolean;
}

export function webhookEvent(
  integration: { id: number; name: string },
  ticket: Ticket,
  contact: TicketContact,
  message: Message,
  sentAt: Date,
): WebhookEvent {
  return {
    event: "message.received",
    sentAt: sentAt.toISOString(),
    integration: { id: integration.id, name: integration.name },
    ticket: {
      id: ticket.id,
      uuid: ticket.uuid,
      status: ticket.status,
      queueId: ticket.queueId,
      connectionId: ticket.whatsappId,
    },
    contact: { id: contact.id, name: contact.name, number: contact.number },
    message: {
      id: message.id,
      body: message.body,
      mediaType: message.mediaType,
      mediaUrl: message.mediaUrl ?? null,
      createdAt: new Date(message.createdAt).toISOString(),
    },
  };
}

/** `sha256=<hex>` of the body under the secret: what receivers compare. */
export async function signatureOf(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body));
  return `sha256=${encodeHex(new Uint8Array(mac))}`;
}

/** A new signing secret: 32 random bytes, hex. */
export function newWebhookSecret(): string {
  return encodeHex(crypto.getRandomValues(new Uint8Array(32)));
}

/** The reply's useful parts; anything else in the answer is ignored. */
export function replyOf(text: string): WebhookReply {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) return {};
  const body = json as Record<string, unknown>;
  const queueId = Number(body.queueId);
  return {
    reply: typeof body.reply === "string" && body.reply.trim() ? body.reply : undefined,
    queueId: Number.isInteger(queueId) && queueId > 0 ? queueId : undefined,
    close: body.close === true || undefined,
  };
}

/**
 * Delivers one event. A 5xx, a 429, a time-out or an unreachable host throws (the job
 * retries it with backoff); a 4xx other than 429, or a redirect, is the receiver refusing
 * this event, which sending again would not change: it answers `refused` for the log.
 */
export async function deliverEvent(
  outbound: OutboundFetch,
  url: string,
  secret: string,
  event: WebhookEvent,
): Promise<{ reply: WebhookReply } | { refused: number; location?: string }> {
  const body = JSON.stringify(event);
  const response = await outbound(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "user-agent": "Balcao-Webhook/1",
      [SIGNATURE_HEADER]: await signatureOf(secret, body),
      [TIMESTAMP_HEADER]: event.sentAt,
    },
    body,
  }, { timeoutMs: CALL_TIMEOUT_MS, maxBytes: 256 * 1024, followRedirects: false });
  if (response.status >= 500 || response.status === 429) {
    throw new AppError("ERR_INTEGRATION_PROVIDER", 502, {
      reason: `webhook: HTTP ${response.status}`,
    });
  }
  if (response.status >= 300 && response.status < 400) {
    return { refused: response.status, location: response.headers.get("location") ?? undefined };
  }
  if (response.status >= 400) return { refused: response.status };
  return { reply: replyOf(response.text()) };
}
