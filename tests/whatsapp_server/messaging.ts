/**
 * Messages between simulated customers and the business's linked devices, and what rides on
 * them: per-device Signal encryption, the server's acks, delivery/read/played receipts, retry
 * receipts, and the offline queue (a stanza stays queued until the device acknowledges it;
 * whatever is queued at login is pushed with `offline="1"`, followed by the offline count).
 */
import { type BinaryNode, getBinaryNodeChild, getBinaryNodeChildren, proto } from "baileys";
import { Buffer } from "node:buffer";
import type { Account, Companion, Pending } from "./accounts.ts";
import type { WhatsappServer } from "./server.ts";
import { bundleNodeParts } from "./retry_keys.ts";

export interface ReceivedMessage {
  id: string;
  /** The business account's phone number. */
  from: string;
  message: proto.Message;
  at: Date;
}

export interface SentByCustomer {
  id: string;
  sentAt: Date;
  to: Account;
  message: proto.IMessage;
  /** Highest receipt the business sent back: read or played. */
  receipt?: "read" | "played";
}

type Addressing = "lid" | "pn";

const now = () => String(Math.floor(Date.now() / 1000));
const deviceAddress = (account: Account, device: number) => `${account.pn}.${device}`;

export class Messaging {
  /** What each customer (by phone number) received from businesses. */
  readonly inbox = new Map<string, ReceivedMessage[]>();
  /** What each customer sent, by message id (kept for retries and receipts). */
  readonly sent = new Map<string, SentByCustomer & { from: Account; addressing: Addressing }>();
  /** Typing indicators the business showed each customer: the latest state. */
  readonly presence = new Map<string, string>();
  /** The Signal message type of each customer message as last delivered (pkmsg or msg). */
  readonly encTypes = new Map<string, string>();
  /** While true, companions' receipts and acks are ignored, as if they never arrived. */
  holdAcks = false;

  constructor(private readonly server: WhatsappServer) {}

  /** A customer's message to every linked device of a business, each encrypted for it. */
  async fromCustomer(
    customer: Account,
    business: Account,
    message: proto.IMessage,
    options: { addressing?: Addressing; id?: string; sentAt?: Date } = {},
  ): Promise<string> {
    const id = options.id ??
      `3A${Buffer.from(crypto.getRandomValues(new Uint8Array(9))).toString("hex").toUpperCase()}`;
    const addressing = options.addressing ?? "lid";
    const sentAt = options.sentAt ?? new Date();
    this.sent.set(id, { id, to: business, message, from: customer, addressing, sentAt });
    for (const companion of business.companions.values()) {
      await this.#sendToCompanion(customer, business, companion, this.sent.get(id)!);
    }
    return id;
  }

  async #sendToCompanion(
    customer: Account,
    business: Account,
    companion: Companion,
    sent: SentByCustomer & { addressing: Addressing },
    retryCount?: number,
  ) {
    const { id, message, addressing } = sent;
    const address = deviceAddress(business, companion.id);
    if (!customer.phone.hasSession(address)) {
      const bundle = business.bundleOf(companion.id);
      if (!bundle) return;
      await customer.phone.startSession(address, bundle);
    }
    const { type, ciphertext } = await customer.phone.encrypt(address, message);
    this.encTypes.set(id, type);
    const mediaType = mediaTypeOf(message);
    const attrs: Record<string, string> = {
      from: addressing === "lid" ? customer.lidJid : customer.pnJid,
      id,
      t: String(Math.floor(sent.sentAt.getTime() / 1000)),
      type: mediaType ? "media" : "text",
      notify: customer.name,
    };
    if (addressing === "lid") attrs.sender_pn = customer.pnJid;
    else attrs.sender_lid = customer.lidJid;
    const node: BinaryNode = {
      tag: "message",
      attrs,
      content: [{
        tag: "enc",
        attrs: {
          v: "2",
          type,
          ...(mediaType ? { mediatype: mediaType } : {}),
          ...(retryCount ? { count: String(retryCount) } : {}),
        },
        content: ciphertext,
      }],
    };
    this.deliver(companion, { key: `message:${id}`, node });
  }

  /** Queues a stanza for a companion and pushes it at once when the companion is online. */
  deliver(companion: Companion, pending: Pending) {
    companion.pending = companion.pending.filter((p) =>
      p.key !== pending.key || p.node !== pending.node
    );
    companion.pending.push(pending);
    if (companion.connection?.live) companion.connection.send(pending.node);
  }

  /** At login: everything still queued, marked offline, then the count. */
  flushOffline(companion: Companion) {
    const connection = companion.connection!;
    for (const { node } of companion.pending) {
      connection.send({ ...node, attrs: { ...node.attrs, offline: "1" } });
    }
    connection.send({
      tag: "ib",
      attrs: { from: "s.whatsapp.net" },
      content: [{ tag: "offline", attrs: { count: String(companion.pending.length) } }],
    });
  }

  #settle(companion: Companion, key: string) {
    if (this.holdAcks) return;
    const index = companion.pending.findIndex((p) => p.key === key);
    if (index >= 0) companion.pending.splice(index, 1);
  }

  onAck(companion: Companion, ack: BinaryNode) {
    this.#settle(companion, `${ack.attrs.class}:${ack.attrs.id}`);
  }

  /** A companion's receipt: delivery of our stanza, the product reading a message, or a retry. */
  async onReceipt(device: { account: Account; companion: Companion }, receipt: BinaryNode) {
    const { id, type } = receipt.attrs;
    const ids = [
      id!,
      ...getBinaryNodeChildren(getBinaryNodeChild(receipt, "list"), "item").map((i) => i.attrs.id!),
    ];
    device.companion.connection?.send({
      tag: "ack",
      attrs: {
        class: "receipt",
        id: id!,
        from: receipt.attrs.to ?? "s.whatsapp.net",
        ...(type ? { type } : {}),
      },
    });
    if (type === "retry") return await this.#retry(device, id!, receipt);
    for (const messageId of ids) {
      this.#settle(device.companion, `message:${messageId}`);
      const sent = this.sent.get(messageId);
      if (sent && (type === "read" || type === "read-self" || type === "played")) {
        sent.receipt = type === "played" ? "played" : "read";
      }
    }
  }

  /** The device could not decrypt: the customer's phone encrypts the message again for it. */
  async #retry(
    device: { account: Account; companion: Companion },
    id: string,
    receipt: BinaryNode,
  ) {
    if (this.holdAcks) return;
    const sent = this.sent.get(id);
    this.#settle(device.companion, `message:${id}`);
    if (!sent) return;
    const keys = getBinaryNodeChild(receipt, "keys");
    const address = deviceAddress(device.account, device.companion.id);
    const bundle = keys
      ? bundleNodeParts(receipt, keys)
      : device.account.bundleOf(device.companion.id);
    if (bundle) await sent.from.phone.startSession(address, bundle);
    const count = Number(getBinaryNodeChild(receipt, "retry")?.attrs.count ?? 1);
    await this.#sendToCompanion(sent.from, device.account, device.companion, sent, count);
  }

  /** A message from a linked device: decrypted by each addressed simulated phone. */
  async relay(device: { account: Account; companion: Companion }, stanza: BinaryNode) {
    const { id, to } = stanza.attrs;
    const sender = deviceAddress(device.account, device.companion.id);
    const targets: { jid: string; enc: BinaryNode }[] = [];
    for (
      const participant of getBinaryNodeChildren(getBinaryNodeChild(stanza, "participants"), "to")
    ) {
      const enc = getBinaryNodeChild(participant, "enc");
      if (enc && participant.attrs.jid) targets.push({ jid: participant.attrs.jid, enc });
    }
    const direct = getBinaryNodeChild(stanza, "enc");
    if (direct && to) targets.push({ jid: to, enc: direct });
    device.companion.connection?.send({
      tag: "ack",
      attrs: { class: "message", id: id!, from: to!, t: now() },
    });
    const recipient = to ? this.server.directory.resolve(to) : undefined;
    for (const { jid, enc } of targets) {
      const target = this.server.directory.resolve(jid);
      if (!target || target.device !== 0 || !(enc.content instanceof Uint8Array)) continue;
      let message: proto.Message;
      try {
        message = await target.account.phone.decrypt(sender, enc.attrs.type!, enc.content);
      } catch (error) {
        console.error(`whatsapp simulator: ${jid} could not decrypt ${id}:`, error);
        continue;
      }
      // The business's own phone gets a copy of what its linked device sent (deviceSentMessage).
      if (target.account === device.account || !recipient || target.account !== recipient.account) {
        continue;
      }
      const inbox = this.inbox.get(target.account.pn) ?? [];
      inbox.push({ id: id!, from: device.account.pn, message, at: new Date() });
      this.inbox.set(target.account.pn, inbox);
      // The customer's phone got it: a delivery receipt to every linked device of the sender.
      this.receipt(target.account, device.account, [id!], undefined, to!);
    }
  }

  /** A receipt from a customer's phone (delivered when `type` is undefined, read, played). */
  receipt(
    customer: Account,
    business: Account,
    ids: string[],
    type?: "read" | "played",
    from?: string,
  ) {
    for (const companion of business.companions.values()) {
      const node: BinaryNode = {
        tag: "receipt",
        attrs: { from: from ?? customer.pnJid, id: ids[0]!, t: now(), ...(type ? { type } : {}) },
        content: ids.length > 1
          ? [{
            tag: "list",
            attrs: {},
            content: ids.slice(1).map((i) => ({ tag: "item", attrs: { id: i } })),
          }]
          : undefined,
      };
      this.deliver(companion, { key: `receipt:${ids[0]}`, node });
    }
  }

  onChatState(account: Account, node: BinaryNode) {
    const state = Array.isArray(node.content) ? node.content[0]?.tag : undefined;
    const to = node.attrs.to ? this.server.directory.resolve(node.attrs.to) : undefined;
    if (to && state) this.presence.set(`${account.pn}>${to.account.pn}`, state);
  }
}

const MEDIA_TYPES: Record<string, string> = {
  imageMessage: "image",
  videoMessage: "video",
  ptvMessage: "ptv",
  audioMessage: "audio",
  documentMessage: "document",
  stickerMessage: "sticker",
};

function mediaTypeOf(message: proto.IMessage): string | undefined {
  for (const [field, type] of Object.entries(MEDIA_TYPES)) {
    if (message[field as keyof proto.IMessage]) {
      return field === "audioMessage" && message.audioMessage?.ptt ? "ptt" : type;
    }
  }
  return undefined;
}
