/**
 * Baileys' payloads turned into the provider interface's events, as pure functions so the
 * tests can feed Baileys-shaped messages and check what comes out. Addresses: Baileys 7
 * speaks of a person either by phone number (`…@s.whatsapp.net`) or by LID (`…@lid`), with
 * the other form, when WhatsApp sends it, in `remoteJidAlt`/`participantAlt`; a LID whose
 * phone number is not in the message is looked up in the stored LID mappings.
 */
import {
  isJidGroup,
  isLidUser,
  jidDecode,
  normalizeMessageContent,
  proto,
  type WAMessage,
} from "baileys";
import type {
  Ack,
  ContactIdentity,
  IncomingMedia,
  IncomingMessage,
  MediaKind,
  ProviderEventBody,
} from "../provider.ts";

/** LID user → phone number, from the locally stored mappings (null when unknown). */
export type LidResolver = (lid: string) => string | null;

/** One person (or group) from a JID and, when known, its alternative address. */
export function identityOf(
  jid: string,
  alt: string | undefined,
  name: string,
  resolveLid: LidResolver,
): ContactIdentity {
  const decoded = jidDecode(jid);
  const user = decoded?.user ?? jid.split("@")[0]!;
  if (isJidGroup(jid)) return { number: user, lid: null, name, isGroup: true };
  const altUser = alt ? jidDecode(alt)?.user ?? null : null;
  if (isLidUser(jid)) {
    const number = alt && !isLidUser(alt) ? altUser : resolveLid(user);
    return { number, lid: user, name, isGroup: false };
  }
  return { number: user, lid: alt && isLidUser(alt) ? altUser : null, name, isGroup: false };
}

const MEDIA_TYPES: Record<string, MediaKind> = {
  imageMessage: "image",
  videoMessage: "video",
  // A video note (the round video): a video like any other for Balcão.
  ptvMessage: "video",
  audioMessage: "audio",
  documentMessage: "document",
  stickerMessage: "sticker",
};

type Fetcher = (message: WAMessage) => Promise<Uint8Array>;

function mediaOf(content: proto.IMessage, message: WAMessage, fetch: Fetcher) {
  for (const [field, kind] of Object.entries(MEDIA_TYPES)) {
    const media = content[field as keyof proto.IMessage] as
      | {
        mimetype?: string | null;
        fileName?: string | null;
        fileLength?: number | { toNumber(): number } | null;
        caption?: string | null;
        ptt?: boolean | null;
        contextInfo?: proto.IContextInfo | null;
      }
      | null
      | undefined;
    if (!media) continue;
    const length = media.fileLength;
    const incoming: IncomingMedia = {
      kind,
      mimetype: media.mimetype ?? "application/octet-stream",
      fileName: media.fileName ?? null,
      size: length == null ? null : typeof length === "number" ? length : length.toNumber(),
      ptt: media.ptt ?? undefined,
      fetch: () => fetch(message),
    };
    return { media: incoming, caption: media.caption ?? "", context: media.contextInfo };
  }
  return undefined;
}

const STUB = proto.WebMessageInfo.StubType;

/**
 * The events one upserted message means: usually one `message`, or a reaction, an edit or
 * a delete; nothing for protocol noise (key distribution, history-sync notices…).
 */
export function eventsOfMessage(
  message: WAMessage,
  options: { resolveLid: LidResolver; fetch: Fetcher; isHistory: boolean },
): ProviderEventBody[] {
  const key = message.key;
  if (!key?.remoteJid || !key.id || key.remoteJid === "status@broadcast") return [];
  const name = message.pushName ?? "";
  const fromMe = Boolean(key.fromMe);
  const chat = identityOf(
    key.remoteJid,
    key.remoteJidAlt ?? undefined,
    chatName(key, name),
    options.resolveLid,
  );
  const sender = key.participant
    ? identityOf(key.participant, key.participantAlt ?? undefined, name, options.resolveLid)
    : chat;
  const timestamp = new Date(Number(message.messageTimestamp ?? 0) * 1000);
  const base = {
    messageId: key.id,
    chat,
    sender,
    fromMe,
    timestamp,
    body: "",
    isHistory: options.isHistory,
  } satisfies IncomingMessage;

  if (
    message.messageStubType === STUB.CALL_MISSED_VOICE ||
    message.messageStubType === STUB.CALL_MISSED_VIDEO
  ) {
    const isVideo = message.messageStubType === STUB.CALL_MISSED_VIDEO;
    return [{ type: "message", message: { ...base, callLog: { isVideo } } }];
  }
  const content = normalizeMessageContent(message.message);
  if (!content) return [];

  const protocol = content.protocolMessage;
  if (protocol) {
    const target = protocol.key?.id;
    if (!target) return [];
    if (protocol.type === proto.Message.ProtocolMessage.Type.REVOKE) {
      return [{ type: "delete", messageId: target, chat }];
    }
    if (protocol.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) {
      const edited = normalizeMessageContent(protocol.editedMessage);
      const body = edited?.conversation ?? edited?.extendedTextMessage?.text ??
        edited?.imageMessage?.caption ?? edited?.videoMessage?.caption ?? "";
      return [{ type: "edit", messageId: target, chat, body }];
    }
    return [];
  }
  if (content.reactionMessage) {
    const target = content.reactionMessage.key?.id;
    if (!target) return [];
    return [{
      type: "reaction",
      messageId: target,
      chat,
      sender,
      fromMe,
      emoji: content.reactionMessage.text ?? "",
    }];
  }

  const choice = choiceOf(content);
  const text = content.conversation ?? content.extendedTextMessage?.text ?? choice?.text;
  const media = mediaOf(content, message, options.fetch);
  const location = content.locationMessage ?? content.liveLocationMessage;
  const vcards = content.contactMessage?.vcard
    ? [content.contactMessage.vcard]
    : content.contactsArrayMessage?.contacts?.map((c) => c.vcard ?? "").filter(Boolean);
  const context = content.extendedTextMessage?.contextInfo ?? media?.context ??
    location?.contextInfo ?? content.contactMessage?.contextInfo ?? choice?.context;
  const incoming: IncomingMessage = {
    ...base,
    body: text ?? media?.caption ?? "",
    media: media?.media,
    quotedId: context?.stanzaId ?? undefined,
    location: location
      ? {
        latitude: location.degreesLatitude ?? 0,
        longitude: location.degreesLongitude ?? 0,
        name: content.locationMessage?.name ?? undefined,
        address: content.locationMessage?.address ?? undefined,
      }
      : undefined,
    vcards: vcards?.length ? vcards : undefined,
  };
  if (!text && !media && !location && !incoming.vcards) return [];
  return [{ type: "message", message: incoming }];
}

/**
 * A customer's tap on a button or a list row (of a message sent by a bot elsewhere): the text
 * they saw, or the option's id when the text is missing, answering the message it came with.
 */
function choiceOf(content: proto.IMessage) {
  const buttons = content.buttonsResponseMessage;
  const template = content.templateButtonReplyMessage;
  const list = content.listResponseMessage;
  const interactive = content.interactiveResponseMessage;
  const text = buttons?.selectedDisplayText || buttons?.selectedButtonId ||
    template?.selectedDisplayText || template?.selectedId ||
    list?.title || list?.singleSelectReply?.selectedRowId || interactive?.body?.text;
  if (!text) return undefined;
  const context = buttons?.contextInfo ?? template?.contextInfo ?? list?.contextInfo ??
    interactive?.contextInfo;
  return { text, context };
}

/** In a group the push name is the participant's, not the group's. */
function chatName(key: proto.IMessageKey, pushName: string): string {
  return key.participant || key.fromMe ? "" : pushName;
}

/** Baileys' WAMessageStatus (0 error … 5 played) as the spec's ack (0 pending … 5 played). */
export function ackOf(status: number | null | undefined): Ack | undefined {
  if (status == null) return undefined;
  return Math.max(0, Math.min(5, status)) as Ack;
}
