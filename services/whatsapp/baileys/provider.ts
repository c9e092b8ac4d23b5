/**
 * Provider `beta`: a real WhatsApp session through Baileys (DESIGN §7). The auth state lives
 * in Postgres (auth_state.ts), so a restart reconnects without a new QR; what the socket
 * reports is turned into provider events by normalize.ts (messages) and lifecycle.ts
 * (statuses and what to do next). Nothing here reaches an outside host until an admin
 * starts the connection: the WhatsApp Web version is Baileys' built-in one (no "latest
 * version" look-up), and the socket URL can point at a local server for tests.
 */
import {
  type AnyMessageContent,
  Browsers,
  type ConnectionState,
  downloadMediaMessage,
  makeCacheableSignalKeyStore,
  makeWASocket,
  proto,
  type UserFacingSocketConfig,
  WA_CERT_DETAILS,
  type WAMessage,
  type WAMessageKey,
} from "baileys";
import { Buffer } from "node:buffer";
import { sql } from "../../../lib/db/mod.ts";
import {
  type CallEvent,
  type ChatPresence,
  NotConnectedError,
  type OutgoingMessage,
  type ProviderContext,
  type ProviderFactory,
  type Recipient,
  type SentMessage,
  type WhatsappProvider,
} from "../provider.ts";
import { openPostgresAuthState, type PostgresAuthState } from "./auth_state.ts";
import { socketEventsToProvider } from "./socket_events.ts";
import {
  decide,
  DEFAULT_LIMITS,
  FRESH_STATE,
  type LifecycleLimits,
  type LifecycleState,
} from "./lifecycle.ts";

/** The part of a Baileys socket the provider uses; tests hand in a fake one. */
export interface SocketLike {
  ev: { process(handler: (events: Record<string, unknown>) => void | Promise<void>): () => void };
  end(error: Error | undefined): void;
  logout(message?: string): Promise<void>;
  sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: { quoted?: WAMessage },
  ): Promise<WAMessage | undefined>;
  updateMediaMessage?(message: WAMessage): Promise<WAMessage>;
  /** Optional in test doubles; Baileys' socket has it. */
  rejectCall?(callId: string, callFrom: string): Promise<void>;
  onWhatsApp?(...jids: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  sendPresenceUpdate?(type: ChatPresence, toJid?: string): Promise<void>;
}

export interface BaileysOptions {
  /** WhatsApp Web's socket; tests point it at 127.0.0.1. */
  waWebSocketUrl?: string;
  /**
   * The root key (hex) a local WhatsApp server's certificates chain to, trusted instead of
   * WhatsApp's; the configuration accepts it only for a loopback `waWebSocketUrl`.
   */
  rootPublicKey?: string;
  connectTimeoutMs?: number;
  limits?: Partial<LifecycleLimits>;
  /** Builds the socket; Baileys' own by default. */
  makeSocket?: (config: UserFacingSocketConfig) => SocketLike;
}

/** Recent messages kept for media downloads and quoted replies (Baileys needs the proto). */
const RECENT_MESSAGES = 500;

/** Baileys logs a lot at every level; Balcão reports what matters as events instead. */
type Logger = NonNullable<UserFacingSocketConfig["logger"]>;

const SILENT: Logger = {
  level: "silent",
  child: () => SILENT,
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error() {},
};

export function jidOf(to: Recipient): string {
  if (to.isGroup && to.number) return `${to.number}@g.us`;
  if (to.number) return `${to.number}@s.whatsapp.net`;
  if (to.lid) return `${to.lid}@lid`;
  throw new Error("A recipient needs a number, a LID or a group id.");
}

function contentOf(message: OutgoingMessage): AnyMessageContent {
  const media = message.media;
  if (!media) return { text: message.body };
  const caption = message.body || undefined;
  // Baileys works on Node Buffers (it slices and hashes them with Buffer methods).
  const data = Buffer.from(media.data);
  switch (media.kind) {
    case "image":
      return { image: data, caption, mimetype: media.mimetype };
    case "video":
      return { video: data, caption, mimetype: media.mimetype };
    case "audio":
      return { audio: data, mimetype: audioMimetype(media), ptt: media.ptt ?? false };
    case "sticker":
      return { sticker: data };
    default:
      return {
        document: data,
        mimetype: media.mimetype,
        fileName: media.fileName,
        caption,
      };
  }
}

/**
 * WhatsApp plays a voice note only as Ogg Opus and says so in the mimetype: iPhones refuse a
 * bare "audio/ogg" voice note.
 */
function audioMimetype(media: OutgoingMessage["media"] & object): string {
  const bare = media.mimetype.split(";")[0]!.trim().toLowerCase();
  return media.ptt && (bare === "audio/ogg" || bare === "audio/opus")
    ? "audio/ogg; codecs=opus"
    : media.mimetype;
}

function closeCode(update: Partial<ConnectionState>): number | undefined {
  const error = update.lastDisconnect?.error as
    | { output?: { statusCode?: number } }
    | undefined;
  return error?.output?.statusCode;
}

export function createBaileysProvider(
  context: ProviderContext,
  options: BaileysOptions = {},
): WhatsappProvider {
  const { db, companyId, connectionId } = context;
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const makeSocket = options.makeSocket ??
    ((config: UserFacingSocketConfig) => makeWASocket(config) as unknown as SocketLike);
  let auth: PostgresAuthState | null = null;
  let socket: SocketLike | null = null;
  let open = false;
  let lifecycle: LifecycleState = FRESH_STATE;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const recent = new Map<string, WAMessage>();
  /** LID user → phone number, so one person is one contact whichever address WhatsApp uses. */
  const lidToNumber = new Map<string, string>();

  function remember(message: WAMessage) {
    const id = message.key?.id;
    if (!id) return;
    recent.delete(id);
    recent.set(id, message);
    if (recent.size > RECENT_MESSAGES) recent.delete(recent.keys().next().value!);
  }

  async function loadLidMappings() {
    // Baileys stores each mapping twice: pn → lid, and `${lid}_reverse` → pn.
    const rows = await db.query<{ id: string; value: string }>(sql`
      select id, value from whatsapp_auth
      where company_id = ${companyId} and whatsapp_id = ${connectionId}
        and type = 'lid-mapping' and id like '%\\_reverse'`);
    for (const row of rows) {
      const lid = row.id.slice(0, -"_reverse".length);
      const number = JSON.parse(row.value);
      if (typeof number === "string") lidToNumber.set(lid, number);
    }
  }

  async function download(message: WAMessage): Promise<Uint8Array> {
    const current = socket;
    const bytes = await downloadMediaMessage(message, "buffer", {}, {
      logger: SILENT,
      reuploadRequest: (m) =>
        current?.updateMediaMessage ? current.updateMediaMessage(m) : Promise.resolve(m),
    });
    return new Uint8Array(bytes);
  }

  function endSocket() {
    clearTimeout(retry);
    retry = undefined;
    const ending = socket;
    socket = null;
    open = false;
    ending?.end(undefined);
  }

  async function onConnection(update: Partial<ConnectionState>) {
    const decision = decide(
      { connection: update.connection, qr: update.qr, statusCode: closeCode(update) },
      lifecycle,
      limits,
    );
    lifecycle = decision.state;
    if (update.connection === "open") open = true;
    if (update.connection === "close") open = false;
    if (decision.status) context.emit({ type: "status", ...decision.status });
    const next = decision.next;
    if (next.kind === "restart") {
      endSocket();
      connect();
    } else if (next.kind === "reconnect") {
      endSocket();
      retry = setTimeout(connect, next.delayMs);
    } else if (next.kind === "forget") {
      endSocket();
      await auth?.clear();
    } else if (next.kind === "end") {
      endSocket();
    }
  }

  function connect() {
    if (!auth) return;
    retry = undefined;
    if (options.rootPublicKey) {
      // Baileys checks the server's certificate chain against this one shared key; the process
      // talks to one WhatsApp only, so replacing it is process-wide by design.
      WA_CERT_DETAILS.PUBLIC_KEY = Buffer.from(options.rootPublicKey, "hex");
    }
    const mine = makeSocket({
      auth: { creds: auth.state.creds, keys: makeCacheableSignalKeyStore(auth.state.keys, SILENT) },
      logger: SILENT,
      browser: Browsers.ubuntu("Balcão"),
      ...(options.waWebSocketUrl ? { waWebSocketUrl: options.waWebSocketUrl } : {}),
      ...(options.connectTimeoutMs ? { connectTimeoutMs: options.connectTimeoutMs } : {}),
      markOnlineOnConnect: false,
      syncFullHistory: false,
      // Old chats stay on the phone: Balcão starts with what arrives from now on. The first
      // sync after pairing is still read, for who is behind each LID (its mappings) and names.
      shouldSyncHistoryMessage: ({ syncType }) =>
        syncType === proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP ||
        syncType === proto.HistorySync.HistorySyncType.PUSH_NAME,
      getMessage: (key: WAMessageKey) =>
        Promise.resolve(recent.get(key.id ?? "")?.message ?? undefined),
    });
    socket = mine;
    const toEvents = socketEventsToProvider({
      resolveLid: (lid) => lidToNumber.get(lid) ?? null,
      fetch: download,
      remember,
      learnLid: (lid, number) => lidToNumber.set(lid, number),
    });
    mine.ev.process(async (events) => {
      // A replaced socket may still flush a last batch; only the current one speaks.
      if (socket !== mine) return;
      if (events["creds.update"]) await auth?.saveCreds();
      const update = events["connection.update"] as Partial<ConnectionState> | undefined;
      if (update) await onConnection(update);
      for (const event of toEvents(events)) context.emit(event);
    });
  }

  function connected(): SocketLike {
    if (!socket || !open) throw new NotConnectedError();
    return socket;
  }

  return {
    async start() {
      endSocket();
      lifecycle = FRESH_STATE;
      auth = await openPostgresAuthState(db, { companyId, connectionId }, {
        // Live: a mapping learned mid-session resolves the next message of that person.
        onLidMapping: (lid, number) => lidToNumber.set(lid, number),
      });
      await loadLidMappings();
      connect();
    },
    stop() {
      endSocket();
      return Promise.resolve();
    },
    async logout() {
      const current = socket;
      if (current && open) await current.logout().catch(() => {});
      endSocket();
      await (auth ?? await openPostgresAuthState(db, { companyId, connectionId })).clear();
    },
    async send(message: OutgoingMessage): Promise<SentMessage> {
      const current = connected();
      const jid = jidOf(message.to);
      const quoted = message.quotedId ? recent.get(message.quotedId) : undefined;
      const sent = await current.sendMessage(jid, contentOf(message), {
        ...(quoted ? { quoted } : {}),
        ...(message.messageId ? { messageId: message.messageId } : {}),
      });
      if (!sent?.key?.id) throw new Error("WhatsApp did not accept the message.");
      remember(sent);
      const seconds = Number(sent.messageTimestamp ?? 0);
      return { messageId: sent.key.id, timestamp: seconds ? new Date(seconds * 1000) : new Date() };
    },
    async deleteMessage(chat: Recipient, messageId: string, fromMe: boolean) {
      const jid = jidOf(chat);
      await connected().sendMessage(jid, { delete: { remoteJid: jid, id: messageId, fromMe } });
    },
    async sendPresence(to: Recipient, presence: ChatPresence) {
      await connected().sendPresenceUpdate?.(presence, jidOf(to));
    },
    async rejectCall(call: CallEvent) {
      const from = jidOf({ number: call.from.number, lid: call.from.lid });
      await connected().rejectCall?.(call.callId, from);
    },
    async onWhatsapp(numbers: readonly string[]) {
      const current = connected();
      if (!current.onWhatsApp) return numbers.map((number) => ({ number, exists: true }));
      const found = await current.onWhatsApp(...numbers.map((n) => `${n}@s.whatsapp.net`)) ?? [];
      // WhatsApp answers only the numbers it knows, by the account's own number.
      const known = found.filter((r) => r.exists).map((r) => r.jid.split("@")[0]!);
      return numbers.map((number) => {
        const match = known.find((k) => k === number || sameBrazilianMobile(k, number));
        return match ? { number, exists: true, whatsappNumber: match } : { number, exists: false };
      });
    },
    async downloadMedia(messageId: string): Promise<Uint8Array> {
      const message = recent.get(messageId);
      if (!message) throw new Error(`Message ${messageId} is no longer in memory.`);
      return await download(message);
    },
  };
}

/** "55 11 9 8765-4321" and "55 11 8765-4321": the same account before and after the ninth digit. */
function sameBrazilianMobile(a: string, b: string): boolean {
  const short = (n: string) =>
    n.length === 13 && n.startsWith("55") ? n.slice(0, 4) + n.slice(5) : n;
  return a.startsWith("55") && b.startsWith("55") && short(a) === short(b);
}

export function baileysFactory(options: BaileysOptions = {}): ProviderFactory {
  return (context) => createBaileysProvider(context, options);
}
