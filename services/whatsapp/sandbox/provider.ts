/**
 * Provider `sandbox`: a simulated phone inside Balcão (DESIGN §7). It pairs through a QR
 * like the real thing (the scan is simulated by `pair()`), remembers the pairing so a
 * restart reconnects without a QR, delivers the simulated customers' messages as ordinary
 * provider events, and records what it "receives" from agents with acks that move
 * 1 → 3 → 4 as a real phone's would. Its conversations live in `sandbox_messages`, so the
 * simulator shows the same thing on every instance. Its address book is its customers: the
 * simulated phone has saved everyone who wrote to it, and shares them when it connects, as
 * a real phone's contact sync does (what "import contacts from the phone" reads). Numbers
 * ending in "0000" have no account on its simulated network (`sandboxHasAccount`).
 */
import { sql } from "../../../lib/db/mod.ts";
import {
  type ChatPresence,
  type ContactIdentity,
  type IncomingMessage,
  NotConnectedError,
  type OutgoingMessage,
  type ProviderContext,
  type ProviderFactory,
  type Recipient,
  type SentMessage,
  type WhatsappProvider,
} from "../provider.ts";
import { customersOf, loadSandboxMessage, type SandboxRow } from "./store.ts";

export interface SandboxOptions {
  /** Delays of the simulated phone's delivery (ack 3) and read (ack 4) receipts. */
  deliveredAfterMs?: number;
  readAfterMs?: number;
}

export interface SandboxProvider extends WhatsappProvider {
  /** The simulated QR scan. */
  pair(): Promise<void>;
  /** Hands a stored customer message (direction 'in') to Balcão. */
  deliver(messageId: string): Promise<void>;
  /** A simulated customer calls (the call rings until Balcão refuses it or it times out). */
  call(number: string, name: string, isVideo: boolean): Promise<string>;
  /** The ids of the calls Balcão refused, oldest first. */
  readonly rejectedCalls: readonly string[];
  /** The "typing…" states Balcão showed the simulated customers, oldest first. */
  readonly presences: readonly { number: string; presence: ChatPresence }[];
  readonly connected: boolean;
}

const PAIRED = sql`'sandbox'`;

export function sandboxIdentity(number: string, name = ""): ContactIdentity {
  return { number, lid: null, name, isGroup: false };
}

export function createSandboxProvider(
  context: ProviderContext,
  options: SandboxOptions = {},
): SandboxProvider {
  const { db, connectionId, companyId } = context;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let connected = false;
  let stopped = false;
  const rejectedCalls: string[] = [];
  const presences: { number: string; presence: ChatPresence }[] = [];

  async function isPaired(): Promise<boolean> {
    return Boolean(
      await db.maybeOne(sql`select 1 from whatsapp_auth where company_id = ${companyId}
        and whatsapp_id = ${connectionId} and type = ${PAIRED} and id = ''`),
    );
  }

  function later(ms: number, work: () => Promise<void>) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) void work().catch((error) => console.error("sandbox:", error));
    }, ms);
    timers.add(timer);
  }

  function stopTimers() {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    connected = false;
  }

  async function setAck(messageId: string, number: string, ack: 3 | 4) {
    await db.run(sql`update sandbox_messages set ack = greatest(ack, ${ack})
      where company_id = ${companyId} and whatsapp_id = ${connectionId}
        and message_id = ${messageId}`);
    context.emit({ type: "ack", messageId, chat: sandboxIdentity(number), ack });
  }

  function toIncoming(row: SandboxRow): IncomingMessage {
    const contact = sandboxIdentity(row.number, row.name);
    return {
      messageId: row.messageId,
      chat: contact,
      sender: contact,
      fromMe: false,
      timestamp: row.createdAt,
      body: row.body,
      quotedId: row.quotedId ?? undefined,
      location: row.location ?? undefined,
      vcards: row.vcard ? [row.vcard] : undefined,
      media: row.media
        ? { ...row.media, fetch: () => provider.downloadMedia(row.messageId) }
        : undefined,
      isHistory: false,
    };
  }

  /** A phone shares its address book with a linked device once the session is open. */
  async function connect() {
    connected = true;
    context.emit({ type: "status", status: "CONNECTED", qrcode: "" });
    for (const customer of await customersOf(db, { companyId, connectionId }, 5000)) {
      context.emit({ type: "contact", contact: sandboxIdentity(customer.number, customer.name) });
    }
  }

  const provider: SandboxProvider = {
    get connected() {
      return connected;
    },

    rejectedCalls,
    presences,

    call(number, name, isVideo) {
      if (!connected) throw new NotConnectedError();
      const callId = `SANDBOX-CALL-${crypto.randomUUID()}`;
      context.emit({
        type: "call",
        call: {
          callId,
          from: sandboxIdentity(number, name),
          status: "offer",
          isVideo,
          isGroup: false,
          timestamp: new Date(),
        },
      });
      return Promise.resolve(callId);
    },

    rejectCall(call) {
      rejectedCalls.push(call.callId);
      return Promise.resolve();
    },

    sendPresence(to, presence) {
      if (!connected) return Promise.reject(new NotConnectedError());
      presences.push({ number: recipientNumber(to), presence });
      return Promise.resolve();
    },

    async start() {
      stopped = false;
      if (await isPaired()) {
        await connect();
        return;
      }
      const nonce = crypto.randomUUID();
      context.emit({
        type: "status",
        status: "qrcode",
        qrcode: `balcao-sandbox:${connectionId}:${nonce}`,
      });
    },

    async pair() {
      if (stopped) throw new NotConnectedError();
      context.emit({ type: "status", status: "PAIRING", qrcode: "" });
      await db.run(sql`insert into whatsapp_auth (company_id, whatsapp_id, type, id, value)
        values (${companyId}, ${connectionId}, ${PAIRED}, '', ${new Date().toISOString()})
        on conflict do nothing`);
      await connect();
    },

    async deliver(messageId) {
      if (!connected) throw new NotConnectedError();
      const row = await loadSandboxMessage(db, { companyId, connectionId }, messageId);
      if (row?.direction !== "in") return;
      // The simulated phone saves whoever writes, so they are in its address book.
      context.emit({ type: "contact", contact: sandboxIdentity(row.number, row.name) });
      context.emit({ type: "message", message: toIncoming(row) });
    },

    stop() {
      stopTimers();
      return Promise.resolve();
    },

    async logout() {
      stopTimers();
      await db.run(sql`delete from whatsapp_auth where company_id = ${companyId}
        and whatsapp_id = ${connectionId}`);
    },

    async send(message: OutgoingMessage): Promise<SentMessage> {
      if (!connected) throw new NotConnectedError();
      const number = recipientNumber(message.to);
      const messageId = message.messageId ?? `SANDBOX-OUT-${crypto.randomUUID()}`;
      const row = await db.one<{ createdAt: Date }>(sql`
        insert into sandbox_messages (company_id, whatsapp_id, message_id, number, direction,
          body, media_kind, media_mimetype, media_file_name, media_data, quoted_id, ack)
        values (${companyId}, ${connectionId}, ${messageId}, ${number}, 'out', ${message.body},
          ${message.media?.kind ?? null}, ${message.media?.mimetype ?? null},
          ${message.media?.fileName ?? null}, ${message.media?.data ?? null},
          ${message.quotedId ?? null}, 1)
        returning created_at as "createdAt"`);
      // The simulated phone receives it, then its "customer" reads it. The read receipt is
      // timed from the delivery's, so the two never overtake each other (two independent
      // timers did when the database answered the first one late: Balcão then saw 1 → 4).
      const delivered = options.deliveredAfterMs ?? 1000;
      const read = Math.max(0, (options.readAfterMs ?? 3000) - delivered);
      later(delivered, async () => {
        await setAck(messageId, number, 3);
        later(read, () => setAck(messageId, number, 4));
      });
      return { messageId, timestamp: new Date(row.createdAt) };
    },

    async sentMessage(messageId) {
      const row = await db.maybeOne<{ createdAt: Date | string }>(sql`
        select created_at as "createdAt" from sandbox_messages
        where company_id = ${companyId} and whatsapp_id = ${connectionId}
          and message_id = ${messageId} and direction = 'out'`);
      return row && { messageId, timestamp: new Date(row.createdAt) };
    },

    async deleteMessage(_chat: Recipient, messageId: string) {
      await db.run(sql`update sandbox_messages set deleted = true
        where company_id = ${companyId} and whatsapp_id = ${connectionId}
          and message_id = ${messageId}`);
    },

    onWhatsapp(numbers) {
      if (!connected) return Promise.reject(new NotConnectedError());
      return Promise.resolve(numbers.map((number) => ({
        number,
        exists: sandboxHasAccount(number),
        ...(sandboxHasAccount(number) ? { whatsappNumber: number } : {}),
      })));
    },

    async downloadMedia(messageId) {
      const row = await db.maybeOne<{ data: Uint8Array | null }>(sql`
        select media_data as data from sandbox_messages
        where company_id = ${companyId} and whatsapp_id = ${connectionId}
          and message_id = ${messageId}`);
      if (!row?.data) throw new Error("ERR_WAPP_DOWNLOAD_MEDIA");
      return new Uint8Array(row.data);
    },
  };
  return provider;
}

/**
 * The simulated network's accounts: every number except those ending in "0000", so that
 * tests and newcomers can try a contact list with a number that is not on WhatsApp.
 */
export function sandboxHasAccount(number: string): boolean {
  return !number.endsWith("0000");
}

function recipientNumber(to: Recipient): string {
  const number = to.number ?? to.lid;
  if (!number) throw new Error("ERR_WAPP_INVALID_CONTACT");
  return number;
}

export function sandboxFactory(options: SandboxOptions = {}): ProviderFactory {
  return (context) => createSandboxProvider(context, options);
}
