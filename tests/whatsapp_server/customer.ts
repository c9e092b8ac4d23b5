/**
 * A simulated customer: a WhatsApp account whose phone holds its own Signal identity. It writes
 * to a business (text, quoted replies, media, or any message), reads what the business sent
 * (decrypted on its phone), and sends read/played receipts.
 */
import { Buffer } from "node:buffer";
import { proto } from "baileys";
import type { Account } from "./accounts.ts";
import type { ReceivedMessage } from "./messaging.ts";
import type { WhatsappServer } from "./server.ts";
import { decryptMedia, encryptMedia } from "./media_crypto.ts";

export interface CustomerMedia {
  kind: "image" | "video" | "ptv" | "audio" | "document" | "sticker";
  mimetype: string;
  data: Uint8Array;
  fileName?: string;
  /** A voice note (push to talk). */
  ptt?: boolean;
}

export interface CustomerContent {
  text?: string;
  /** Replies to this message id (one the business sent, or the customer's own). */
  quotedId?: string;
  media?: CustomerMedia;
  /** When the phone sent it (now by default): older messages waited in the offline queue. */
  sentAt?: Date;
}

const FIELDS: Record<CustomerMedia["kind"], keyof proto.IMessage> = {
  image: "imageMessage",
  video: "videoMessage",
  ptv: "ptvMessage",
  audio: "audioMessage",
  document: "documentMessage",
  sticker: "stickerMessage",
};

export class Customer {
  constructor(
    private readonly server: WhatsappServer,
    readonly account: Account,
    readonly addressing: "lid" | "pn" = "lid",
  ) {}

  get pn() {
    return this.account.pn;
  }

  get lid() {
    return this.account.lid;
  }

  /** Writes to a business; answers the WhatsApp message id. */
  async send(business: string, content: CustomerContent | string): Promise<string> {
    const body = typeof content === "string" ? { text: content } : content;
    return await this.sendMessage(business, this.#messageOf(business, body), {
      sentAt: body.sentAt,
    });
  }

  /** Sends any WhatsApp message (button replies, list replies, reactions…). */
  async sendMessage(
    business: string,
    message: proto.IMessage,
    options: { id?: string; sentAt?: Date } = {},
  ): Promise<string> {
    const to = this.server.directory.account(business);
    return await this.server.messaging.fromCustomer(this.account, to, message, {
      addressing: this.addressing,
      ...options,
    });
  }

  #messageOf(business: string, content: CustomerContent): proto.IMessage {
    const contextInfo = content.quotedId ? this.#quote(business, content.quotedId) : undefined;
    if (content.media) {
      const { kind, mimetype, data, fileName, ptt } = content.media;
      const encrypted = encryptMedia(data, ptt ? "ptt" : kind);
      const { directPath, url } = this.server.media.put(encrypted.file);
      const media = {
        url,
        directPath,
        mimetype,
        mediaKey: encrypted.mediaKey,
        fileSha256: encrypted.fileSha256,
        fileEncSha256: encrypted.fileEncSha256,
        fileLength: encrypted.fileLength,
        mediaKeyTimestamp: Math.floor(Date.now() / 1000),
        ...(content.text ? { caption: content.text } : {}),
        ...(fileName ? { fileName } : {}),
        ...(ptt ? { ptt: true } : {}),
        ...(contextInfo ? { contextInfo } : {}),
      };
      return { [FIELDS[kind]]: media };
    }
    if (contextInfo) return { extendedTextMessage: { text: content.text ?? "", contextInfo } };
    return { conversation: content.text ?? "" };
  }

  /** The context of a reply: the quoted message's id, author and content, as phones send it. */
  #quote(business: string, id: string): proto.IContextInfo {
    const theirs = this.received().find((m) => m.id === id);
    const mine = this.server.messaging.sent.get(id);
    return {
      stanzaId: id,
      participant: theirs ? `${business}@s.whatsapp.net` : this.account.pnJid,
      quotedMessage: theirs?.message ?? mine?.message ?? { conversation: "" },
    };
  }

  /** What businesses sent this customer, in order, as their phone decrypted it. */
  received(): ReceivedMessage[] {
    return this.server.messaging.inbox.get(this.pn) ?? [];
  }

  /** The text of each received message (captions for media). */
  texts(): string[] {
    return this.received().map(({ message }) => textOf(message));
  }

  /** The customer opens the chat: a read receipt for these messages. */
  read(business: string, ...ids: string[]) {
    this.server.messaging.receipt(
      this.account,
      this.server.directory.account(business),
      ids,
      "read",
    );
  }

  /** The customer plays a voice note. */
  played(business: string, ...ids: string[]) {
    this.server.messaging.receipt(
      this.account,
      this.server.directory.account(business),
      ids,
      "played",
    );
  }

  /** Downloads and decrypts the media of a received message, as the customer's phone would. */
  downloadMedia(received: ReceivedMessage): Buffer {
    const message = received.message;
    for (const [kind, field] of Object.entries(FIELDS)) {
      const media = message[field] as proto.Message.IImageMessage | null | undefined;
      if (!media?.directPath || !media.mediaKey) continue;
      const file = this.server.media.files.get(media.directPath.split("?")[0]!);
      if (!file) throw new Error(`media ${media.directPath} is not on the media host`);
      const ptt = (media as proto.Message.IAudioMessage).ptt;
      return decryptMedia(file, media.mediaKey, ptt ? "ptt" : kind);
    }
    throw new Error("not a media message");
  }
}

export function textOf(message: proto.IMessage): string {
  return message.conversation ?? message.extendedTextMessage?.text ??
    message.imageMessage?.caption ?? message.videoMessage?.caption ??
    message.documentMessage?.caption ?? "";
}
