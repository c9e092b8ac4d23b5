/**
 * One batch of Baileys socket events (`ev.process`) as provider events: messages through
 * normalize.ts, plus acks (message status and receipts), reactions, contacts, LID mappings
 * and calls. Pure apart from the callbacks it is given, so tests feed Baileys-shaped batches.
 */
import {
  type Contact,
  isLidUser,
  jidDecode,
  type LIDMapping,
  type MessageUserReceiptUpdate,
  type WACallEvent,
  type WAMessage,
  type WAMessageUpdate,
} from "baileys";
import type { Ack, CallEvent, ProviderEventBody } from "../provider.ts";
import { ackOf, eventsOfMessage, identityOf, type LidResolver } from "./normalize.ts";

export interface SocketEventDeps {
  resolveLid: LidResolver;
  fetch: (message: WAMessage) => Promise<Uint8Array>;
  /** Keeps a message for later downloads and quotes. */
  remember: (message: WAMessage) => void;
  /** A LID's phone number became known. */
  learnLid: (lid: string, number: string) => void;
}

const userOf = (jid: string | undefined | null) => (jid ? jidDecode(jid)?.user ?? null : null);

export function socketEventsToProvider(deps: SocketEventDeps) {
  return (events: Record<string, unknown>): ProviderEventBody[] => {
    const out: ProviderEventBody[] = [];

    // Mappings first: the messages of the same batch may need them.
    const mapping = events["lid-mapping.update"] as LIDMapping | undefined;
    if (mapping) {
      const lid = userOf(mapping.lid);
      const number = userOf(mapping.pn);
      if (lid && number) deps.learnLid(lid, number);
    }

    for (const contact of (events["contacts.upsert"] as Contact[] | undefined) ?? []) {
      out.push(...contactEvent(contact, deps));
    }
    for (const contact of (events["contacts.update"] as Partial<Contact>[] | undefined) ?? []) {
      if (contact.id) out.push(...contactEvent(contact as Contact, deps));
    }

    const upsert = events["messages.upsert"] as
      | { messages: WAMessage[]; type: "notify" | "append" }
      | undefined;
    for (const message of upsert?.messages ?? []) {
      deps.remember(message);
      // "append" is not history: Baileys 7 hands old chats over only in messaging-history.set
      // (which Balcão leaves on the phone). It marks "append" what the server delivers from
      // the offline queue after a (re)connect, and echoes of our own sends; both are live.
      out.push(...eventsOfMessage(message, {
        resolveLid: deps.resolveLid,
        fetch: deps.fetch,
        isHistory: false,
      }));
      // While Baileys buffers events, a receipt for a message still waiting in the buffer is
      // folded into that message's status instead of coming as an update of its own.
      const ack = message.key?.fromMe ? ackOf(message.status) : undefined;
      if (ack !== undefined && ack > 1 && message.key.id && message.key.remoteJid) {
        const { remoteJid, remoteJidAlt } = message.key;
        const chat = identityOf(remoteJid, remoteJidAlt ?? undefined, "", deps.resolveLid);
        out.push({ type: "ack", messageId: message.key.id, chat, ack });
      }
    }

    for (
      const { key, update } of (events["messages.update"] as WAMessageUpdate[] | undefined) ?? []
    ) {
      const ack = ackOf(update.status);
      if (ack === undefined || !key.id || !key.remoteJid) continue;
      const chat = identityOf(key.remoteJid, key.remoteJidAlt ?? undefined, "", deps.resolveLid);
      out.push({ type: "ack", messageId: key.id, chat, ack });
    }

    const receipts = (events["message-receipt.update"] as MessageUserReceiptUpdate[] | undefined) ??
      [];
    for (const { key, receipt } of receipts) {
      const ack: Ack | undefined = receipt.playedTimestamp
        ? 5
        : receipt.readTimestamp
        ? 4
        : receipt.receiptTimestamp
        ? 3
        : undefined;
      if (ack === undefined || !key.id || !key.remoteJid) continue;
      const chat = identityOf(key.remoteJid, key.remoteJidAlt ?? undefined, "", deps.resolveLid);
      out.push({ type: "ack", messageId: key.id, chat, ack });
    }

    const reactions = (events["messages.reaction"] as
      | { key: WAMessage["key"]; reaction: { text?: string | null; key?: WAMessage["key"] } }[]
      | undefined) ?? [];
    for (const { key, reaction } of reactions) {
      if (!key.id || !key.remoteJid) continue;
      const chat = identityOf(key.remoteJid, key.remoteJidAlt ?? undefined, "", deps.resolveLid);
      const by = reaction.key;
      const sender = by?.participant
        ? identityOf(by.participant, by.participantAlt ?? undefined, "", deps.resolveLid)
        : chat;
      out.push({
        type: "reaction",
        messageId: key.id,
        chat,
        sender,
        fromMe: Boolean(by?.fromMe),
        emoji: reaction.text ?? "",
      });
    }

    for (const call of (events["call"] as WACallEvent[] | undefined) ?? []) {
      out.push({ type: "call", call: callEvent(call, deps) });
    }
    return out;
  };
}

function contactEvent(contact: Contact, deps: SocketEventDeps): ProviderEventBody[] {
  const lidJid = contact.lid ?? (isLidUser(contact.id) ? contact.id : undefined);
  const pnJid = contact.phoneNumber ?? (isLidUser(contact.id) ? undefined : contact.id);
  if (!pnJid && !lidJid) return [];
  const lid = userOf(lidJid);
  const number = userOf(pnJid);
  if (lid && number) deps.learnLid(lid, number);
  if (pnJid?.endsWith("@g.us") || contact.id.endsWith("@broadcast")) return [];
  return [{
    type: "contact",
    contact: {
      number: number ?? (lid ? deps.resolveLid(lid) : null),
      lid,
      name: contact.name ?? contact.notify ?? contact.verifiedName ?? "",
      isGroup: false,
    },
  }];
}

function callEvent(call: WACallEvent, deps: SocketEventDeps): CallEvent {
  return {
    callId: call.id,
    from: identityOf(call.from, call.callerPn, "", deps.resolveLid),
    status: call.status as CallEvent["status"],
    isVideo: Boolean(call.isVideo),
    isGroup: Boolean(call.isGroup),
    timestamp: call.date instanceof Date ? call.date : new Date(call.date),
  };
}
