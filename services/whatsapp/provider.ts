/**
 * The one interface between Balcão and a WhatsApp transport (DESIGN §7). A provider runs
 * one connection's session; everything it observes comes out as normalised `ProviderEvent`s,
 * and everything Balcão asks of it goes through `WhatsappProvider`. The conversation
 * pipeline depends only on this file, never on Baileys or the sandbox.
 */
import type { Db } from "../../lib/db/mod.ts";
import type { MediaKind } from "../../lib/media/types.ts";

/** The spec's connection statuses (core §4). */
export const CONNECTION_STATUSES = [
  "CONNECTED",
  "qrcode",
  "PAIRING",
  "DISCONNECTED",
  "TIMEOUT",
  "OPENING",
] as const;
export type ConnectionStatus = typeof CONNECTION_STATUSES[number];

export const PROVIDERS = ["beta", "sandbox"] as const;
export type ProviderName = typeof PROVIDERS[number];

/**
 * Who is on the other side. WhatsApp addresses a person by phone number (PN) or by LID
 * (Baileys 7); a provider fills in both when it knows the mapping, so the pipeline can treat
 * one person as one contact. For a group, `number` is the group id and `isGroup` is true.
 */
export interface ContactIdentity {
  /** Digits only (country code first), or the group id; null when only the LID is known. */
  number: string | null;
  /** The LID user part (digits), when known. */
  lid: string | null;
  /** The name the person gave WhatsApp (push name), or "" when unknown. */
  name: string;
  isGroup: boolean;
}

/** Where to send: a number, a LID, or a group id; the provider picks the right address. */
export interface Recipient {
  number?: string | null;
  lid?: string | null;
  isGroup?: boolean;
}

export type { MediaKind };

/** Media of an incoming message; the bytes are fetched only when the pipeline wants them. */
export interface IncomingMedia {
  kind: MediaKind;
  mimetype: string;
  fileName: string | null;
  size: number | null;
  /** Voice note (push-to-talk) rather than an audio file. */
  ptt?: boolean;
  fetch(): Promise<Uint8Array>;
}

export interface Location {
  latitude: number;
  longitude: number;
  name?: string;
  address?: string;
}

/** Ack levels of core §4: 0 pending, 1–2 sent, 3 delivered, 4 read, 5 played. */
export type Ack = 0 | 1 | 2 | 3 | 4 | 5;

export interface IncomingMessage {
  messageId: string;
  /** The conversation: the person, or the group for group messages. */
  chat: ContactIdentity;
  /** In a group, who wrote; otherwise the same as `chat` (or us when `fromMe`). */
  sender: ContactIdentity;
  /** Sent from this account (by the phone, another device, or Balcão itself). */
  fromMe: boolean;
  timestamp: Date;
  /** Text, or the media caption; "" when there is none. */
  body: string;
  media?: IncomingMedia;
  /** The id of the message this one replies to. */
  quotedId?: string;
  location?: Location;
  /** Shared contact cards (vCard text), one per card. */
  vcards?: string[];
  /** A missed call WhatsApp logged in the chat. */
  callLog?: { isVideo: boolean };
  /** True when the batch is history/sync rather than something that just arrived. */
  isHistory: boolean;
}

export interface CallEvent {
  callId: string;
  from: ContactIdentity;
  status: "offer" | "ringing" | "accept" | "reject" | "timeout" | "terminate";
  isVideo: boolean;
  isGroup: boolean;
  timestamp: Date;
}

/** What a provider reports. Every event carries its connection and company. */
export type ProviderEventBody =
  | {
    type: "status";
    status: ConnectionStatus;
    /** The QR text while status is qrcode; "" clears it (the dialog closes). */
    qrcode: string;
    /** Why the session closed, for the log and the screen (e.g. "replaced", "loggedOut"). */
    reason?: string;
  }
  | { type: "message"; message: IncomingMessage }
  | { type: "ack"; messageId: string; chat: ContactIdentity; ack: Ack }
  | {
    type: "reaction";
    messageId: string;
    chat: ContactIdentity;
    sender: ContactIdentity;
    fromMe: boolean;
    /** "" removes the reaction. */
    emoji: string;
  }
  | { type: "edit"; messageId: string; chat: ContactIdentity; body: string }
  | { type: "delete"; messageId: string; chat: ContactIdentity }
  | { type: "contact"; contact: ContactIdentity }
  | { type: "call"; call: CallEvent }
  /** Raised by the session manager, not a provider: the outbox gave up sending this message. */
  | { type: "sendFailed"; messageId: string; error: string };

export type ProviderEvent = ProviderEventBody & { connectionId: number; companyId: number };

export interface OutgoingMedia {
  kind: MediaKind;
  mimetype: string;
  fileName: string;
  data: Uint8Array;
  ptt?: boolean;
}

export interface OutgoingMessage {
  to: Recipient;
  /** Send under this WhatsApp id (Balcão stores the message before sending it). */
  messageId?: string;
  /** Text, or the caption of the media. */
  body: string;
  media?: OutgoingMedia;
  quotedId?: string;
}

/** What a chat shows of us: "typing…" (composing) or nothing again (paused). */
export type ChatPresence = "composing" | "paused";

export interface SentMessage {
  messageId: string;
  timestamp: Date;
}

export interface WhatsappProvider {
  /** Opens the session; progress (QR, pairing, connected…) arrives as status events. */
  start(): Promise<void>;
  /** Closes the session but keeps the credentials, so the next start needs no QR. */
  stop(): Promise<void>;
  /** Unlinks the device and forgets the credentials. */
  logout(): Promise<void>;
  send(message: OutgoingMessage): Promise<SentMessage>;
  deleteMessage(chat: Recipient, messageId: string, fromMe: boolean): Promise<void>;
  /**
   * The message this session already sent under `messageId`, when the transport can tell
   * (the outbox asks before sending a row again after a crash). The sandbox can; Baileys
   * cannot ask WhatsApp, so a row it had sent is sent again under the same id.
   */
  sentMessage?(messageId: string): Promise<SentMessage | undefined>;
  /** The bytes of an incoming message's media (also available through `media.fetch()`). */
  downloadMedia(messageId: string): Promise<Uint8Array>;
  /** Shows "typing…" in a chat, or stops showing it; WhatsApp also stops at our next message. */
  sendPresence?(to: Recipient, presence: ChatPresence): Promise<void>;
  /** Refuses a ringing call (the company's `call` setting is off). */
  rejectCall?(call: CallEvent): Promise<void>;
  /**
   * Which of these numbers (digits, country code first) have a WhatsApp account, each with
   * the number as WhatsApp spells it (a Brazilian mobile may lack its ninth digit there).
   */
  onWhatsapp?(numbers: readonly string[]): Promise<NumberCheck[]>;
}

/** WhatsApp's answer for one number. */
export interface NumberCheck {
  number: string;
  exists: boolean;
  /** The number WhatsApp knows the account by, when it exists. */
  whatsappNumber?: string;
}

export interface ProviderContext {
  connectionId: number;
  companyId: number;
  db: Db;
  emit(event: ProviderEventBody): void;
}

export type ProviderFactory = (context: ProviderContext) => WhatsappProvider;

/** Thrown by a provider when asked to work while its session is not open. */
export class NotConnectedError extends Error {
  constructor() {
    super("ERR_WAPP_NOT_INITIALIZED");
    this.name = "NotConnectedError";
  }
}
