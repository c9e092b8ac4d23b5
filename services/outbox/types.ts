/**
 * The outbox's shapes (DESIGN §6): what one row of `whatsapp_outbox` asks the connection's
 * owner to send, and who queued it.
 */
import type { MediaKind } from "../../lib/media/types.ts";
import type { Recipient } from "../whatsapp/provider.ts";

/** Who queued a message; stored on the outbox row and, in a ticket, on the message. */
export type MessageOrigin = "agent" | "bot" | "campaign" | "schedule" | "api";

/** A file sent with a message, read from the media store when the row is sent. */
export interface OutboxMedia {
  kind: MediaKind;
  mimetype: string;
  fileName: string;
  path: string;
  /** An audio sent as a voice note (push-to-talk). */
  ptt?: boolean;
}

/** What a row holds: the message, with media as a file under the media directory. */
export interface OutboxPayload {
  to: Recipient;
  body: string;
  quotedId?: string;
  /**
   * The WhatsApp id the message is sent under, chosen before sending so the stored row and
   * the provider's echo of it are the same message.
   */
  messageId?: string;
  /** Set instead of a message: delete this message of ours for everyone. */
  deleteId?: string;
  media?: OutboxMedia;
}

/** How a row ended, as those who queued it read it back. */
export type OutboxOutcome = "sent" | "failed";
