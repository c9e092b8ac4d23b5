/**
 * Runs WhatsApp sessions on this instance and coordinates with the others (DESIGN §7).
 *
 * - A session runs where its lease is held. `start`, `restart` and `disconnect` act locally
 *   when this instance holds (or can take) the lease, and otherwise ask the owner through
 *   the `whatsapp_commands` notification channel.
 * - `tick()` renews our leases, stops sessions whose lease was taken over, adopts wanted
 *   connections that have no live owner, and sends what is due in our connections' outboxes.
 * - Status events become the connection's row and a `company-{id}-whatsappSession` push;
 *   every other event goes to the subscribers (the conversation pipeline).
 */
import { type Db, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { channels, rooms } from "../../lib/realtime/channels.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import { findConnectionById, presentConnection } from "./connection_rows.ts";
import { announceConnection } from "./connections.ts";
import {
  acquireLease,
  leaseOwner,
  orphanedConnections,
  releaseLease,
  renewLeases,
} from "./lease.ts";
import { OUTBOX_CHANNEL, type OutboxPayload, sendDue } from "../outbox/mod.ts";
import type {
  CallEvent,
  ChatPresence,
  ConnectionStatus,
  ContactIdentity,
  NumberCheck,
  OutgoingMessage,
  ProviderEvent,
  ProviderEventBody,
  ProviderFactory,
  ProviderName,
  Recipient,
  WhatsappProvider,
} from "./provider.ts";

export interface SessionManagerOptions {
  db: Db;
  hub: Hub;
  instanceId: string;
  providers: Partial<Record<ProviderName, ProviderFactory>>;
  /** @default 30_000 */
  leaseMs?: number;
  /** Reads an outbox row's media file (relative to the media directory). */
  readMedia?: (path: string) => Promise<Uint8Array>;
}

/** Awaited; what it answers is not read (the inbound pipeline answers what it stored). */
export type EventListener = (event: ProviderEvent) => unknown;

interface Running {
  companyId: number;
  provider: WhatsappProvider;
  status: ConnectionStatus;
  /** Events of one connection are handled one after another, in the order emitted. */
  events: Promise<void>;
}

/** What the sandbox API asks of a sandbox session, wherever it runs. */
export type SandboxAction =
  | { kind: "pair" }
  | { kind: "deliver"; messageId: string }
  | { kind: "call"; number: string; name: string; isVideo: boolean };

type Command =
  | { command: "start" | "restart" | "disconnect" | "outbox"; id: number; to: string }
  | { command: "sandbox"; id: number; to: string; action: SandboxAction };

interface SandboxCapable {
  pair(): Promise<void>;
  deliver(messageId: string): Promise<void>;
  call(number: string, name: string, isVideo: boolean): Promise<string>;
}

const COMMANDS = "whatsapp_commands";

export class WhatsappSessions {
  readonly instanceId: string;
  readonly #db: Db;
  readonly #hub: Hub;
  readonly #options: SessionManagerOptions;
  readonly #leaseMs: number;
  readonly #running = new Map<number, Running>();
  readonly #listeners = new Set<EventListener>();
  /** The drain in progress per connection, and the connections asked again meanwhile. */
  readonly #draining = new Map<number, Promise<number>>();
  readonly #drainAgain = new Set<number>();
  #unlisten: Array<() => Promise<void>> = [];
  #timer?: ReturnType<typeof setInterval>;
  #ticking?: Promise<void>;
  #closed = false;

  constructor(options: SessionManagerOptions) {
    this.#options = options;
    this.#db = options.db;
    this.#hub = options.hub;
    this.instanceId = options.instanceId;
    this.#leaseMs = options.leaseMs ?? 30_000;
  }

  /** Listens for other instances' commands and ticks every `intervalMs` (a third of the lease). */
  async startLoops(intervalMs = Math.floor(this.#leaseMs / 3)): Promise<void> {
    this.#unlisten.push(
      await this.#db.listen(COMMANDS, (payload) => {
        const command = JSON.parse(payload) as Command;
        if (command.to === this.instanceId) void this.#onCommand(command).catch(logError);
      }),
    );
    this.#unlisten.push(
      await this.#db.listen(OUTBOX_CHANNEL, (payload) => {
        if (this.#running.has(Number(payload))) {
          void this.drainOutbox(Number(payload)).catch(logError);
        }
      }),
    );
    this.#timer = setInterval(() => void this.tick().catch(logError), intervalMs);
  }

  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The provider running here for a connection, if any (the sandbox API uses it). */
  localProvider(id: number): WhatsappProvider | undefined {
    return this.#running.get(id)?.provider;
  }

  /** Starts a connection's session (here or on its owner); progress comes as pushes. */
  async start(companyId: number, id: number): Promise<void> {
    await this.#db.run(sql`update whatsapps set session_wanted = true, updated_at = now()
                           where company_id = ${companyId} and id = ${id}`);
    await this.#runHereOrForward(companyId, id, "start");
  }

  /** A new QR: forgets the credentials and starts again. */
  async restart(companyId: number, id: number): Promise<void> {
    await this.#db.run(sql`update whatsapps set session_wanted = true, updated_at = now()
                           where company_id = ${companyId} and id = ${id}`);
    await this.#runHereOrForward(companyId, id, "restart");
  }

  /** Logs the session out, forgets the credentials and leaves the connection DISCONNECTED. */
  async disconnect(companyId: number, id: number): Promise<void> {
    await this.#db.run(sql`update whatsapps set session_wanted = false, updated_at = now()
                           where company_id = ${companyId} and id = ${id}`);
    const owner = await leaseOwner(this.#db, id);
    if (owner && owner !== this.instanceId) {
      await this.#forward({ command: "disconnect", id, to: owner });
    } else {
      await this.#stopLocal(id, "logout");
    }
    await this.#db.run(sql`delete from whatsapp_auth where company_id = ${companyId}
                           and whatsapp_id = ${id}`);
    await this.#setStatus(companyId, id, { status: "DISCONNECTED", qrcode: "" });
  }

  /** Runs a sandbox action on the session's owner; without a running session, an error. */
  async sandbox(id: number, action: SandboxAction): Promise<void> {
    if (this.#running.has(id)) return await this.#sandboxHere(id, action);
    const owner = await leaseOwner(this.#db, id);
    if (!owner) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 409);
    await this.#forward({ command: "sandbox", id, to: owner, action });
  }

  async #sandboxHere(id: number, action: SandboxAction) {
    const provider = this.#running.get(id)?.provider as Partial<SandboxCapable> | undefined;
    if (!provider?.pair || !provider.deliver || !provider.call) {
      throw new AppError("ERR_WAPP_NOT_INITIALIZED", 409);
    }
    if (action.kind === "pair") await provider.pair();
    else if (action.kind === "call") {
      await provider.call(action.number, action.name, action.isVideo);
    } else await provider.deliver(action.messageId);
    await this.settled(id);
  }

  /**
   * Refuses a call on the session running here (calls are reported by the instance that runs
   * the connection, so its subscribers act on it there). False when it does not run here or
   * its transport cannot refuse calls.
   */
  async rejectCall(id: number, call: CallEvent): Promise<boolean> {
    const provider = this.#running.get(id)?.provider;
    if (!provider?.rejectCall) return false;
    await provider.rejectCall(call);
    return true;
  }

  /** Waits until the events a connection has emitted so far are handled. */
  async settled(id: number): Promise<void> {
    await this.#running.get(id)?.events;
  }

  /** Sends a message now through this instance's session (the outbox's sender uses it). */
  async send(id: number, message: OutgoingMessage) {
    const running = this.#running.get(id);
    if (!running || running.status !== "CONNECTED") {
      throw new AppError("ERR_WAPP_NOT_INITIALIZED", 409);
    }
    return await running.provider.send(message);
  }

  /**
   * Shows "typing…" (or stops it) in a chat through a connection running on this instance.
   * False when it runs elsewhere, is not connected or its transport cannot: presence is a
   * courtesy, not worth a command to another instance. A sandbox phone has no screen of its
   * own: its simulator (admins' page) learns it on the session channel, like the QR.
   */
  async sendPresence(id: number, to: Recipient, presence: ChatPresence): Promise<boolean> {
    const running = this.#running.get(id);
    if (!running || running.status !== "CONNECTED" || !running.provider.sendPresence) {
      return false;
    }
    await running.provider.sendPresence(to, presence);
    if ("presences" in running.provider) {
      await this.#toAdmins(running.companyId, {
        action: "presence",
        connectionId: id,
        number: to.number ?? to.lid,
        presence,
      });
    }
    return true;
  }

  /**
   * WhatsApp's answer for each number, asked through a connection running on this
   * instance; undefined when it runs nowhere here or is not connected (or its provider
   * cannot tell), so the caller stores the numbers as not checked yet.
   */
  async checkNumbers(id: number, numbers: readonly string[]): Promise<NumberCheck[] | undefined> {
    const running = this.#running.get(id);
    if (!running || running.status !== "CONNECTED" || !running.provider.onWhatsapp) return;
    return await running.provider.onWhatsapp(numbers);
  }

  /**
   * Sends what is due in one local connection's outbox. One drain per connection at a time:
   * each queued message notifies, and a thousand drains claiming side by side would cost a
   * thousand mostly empty claims and could send one chat's rows out of order. A call made
   * while a drain runs makes it go round once more, so its row is not left behind.
   */
  drainOutbox(id: number): Promise<number> {
    const current = this.#draining.get(id);
    if (current) {
      this.#drainAgain.add(id);
      return current;
    }
    const run = (async () => {
      let sent = 0;
      do {
        this.#drainAgain.delete(id);
        sent += await this.#drainOnce(id);
      } while (this.#drainAgain.has(id));
      return sent;
    })().finally(() => this.#draining.delete(id));
    this.#draining.set(id, run);
    return run;
  }

  async #drainOnce(id: number): Promise<number> {
    const running = this.#running.get(id);
    if (!running || running.status !== "CONNECTED") return 0;
    return await sendDue(
      this.#db,
      this.instanceId,
      {
        companyId: running.companyId,
        whatsappId: id,
      },
      (payload) => this.#sendPayload(id, payload),
      {
        // The pipeline hears how each row ended, as if the provider had said it.
        onSent: async (payload, sent) => {
          const chat = identityOf(payload);
          await this.#onEvent(
            running.companyId,
            id,
            payload.deleteId
              ? { type: "delete", messageId: payload.deleteId, chat }
              : { type: "ack", messageId: sent.messageId, chat, ack: 1 },
          );
        },
        alreadySent: (payload) =>
          payload.messageId && running.provider.sentMessage
            ? running.provider.sentMessage(payload.messageId)
            : Promise.resolve(undefined),
        onGaveUp: async (payload, error) => {
          if (!payload.messageId) return;
          await this.#onEvent(running.companyId, id, {
            type: "sendFailed",
            messageId: payload.messageId,
            error,
          });
        },
      },
    );
  }

  /** One round of lease upkeep, takeovers and outbox sending. */
  tick(): Promise<void> {
    this.#ticking ??= this.#tickOnce().finally(() => (this.#ticking = undefined));
    return this.#ticking;
  }

  /** Stops every local session (keeping credentials) and gives their leases back. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    await Promise.all(this.#unlisten.map((unlisten) => unlisten()));
    this.#unlisten = [];
    await this.#ticking;
    await Promise.all([...this.#running.keys()].map((id) => this.#stopLocal(id, "stop")));
  }

  async #tickOnce(): Promise<void> {
    if (this.#closed) return;
    const mine = await renewLeases(
      this.#db,
      this.instanceId,
      [...this.#running.keys()],
      this.#leaseMs,
    );
    for (const id of this.#running.keys()) {
      // Another instance holds it now (we stalled past the expiry): let it run alone.
      if (!mine.has(id)) await this.#stopLocal(id, "stop", { keepLease: true });
    }
    for (const orphan of await orphanedConnections(this.#db)) {
      if (this.#closed) return;
      if (await acquireLease(this.#db, this.instanceId, orphan, this.#leaseMs)) {
        await this.#runLocal(orphan.companyId, orphan.id);
      }
    }
    for (const id of this.#running.keys()) await this.drainOutbox(id);
  }

  async #runHereOrForward(companyId: number, id: number, command: "start" | "restart") {
    const connection = await findConnectionById(this.#db, id);
    if (!connection || !this.#options.providers[connection.provider]) {
      // No provider of that kind is installed here: say so instead of waiting forever.
      await this.#db.run(sql`update whatsapps set session_wanted = false where id = ${id}`);
      throw new AppError("ERR_WAPP_NOT_INITIALIZED", 409);
    }
    if (await acquireLease(this.#db, this.instanceId, { id, companyId }, this.#leaseMs)) {
      await this.#onCommand({ command, id, to: this.instanceId });
      return;
    }
    const owner = await leaseOwner(this.#db, id);
    if (owner) await this.#forward({ command, id, to: owner });
  }

  async #forward(command: Command) {
    await this.#db.notify(COMMANDS, JSON.stringify(command));
  }

  async #onCommand(command: Command): Promise<void> {
    const connection = await findConnectionById(this.#db, command.id);
    if (!connection) return;
    if (command.command === "disconnect") return await this.#stopLocal(command.id, "logout");
    if (command.command === "outbox") return void await this.drainOutbox(command.id);
    if (command.command === "sandbox") return await this.#sandboxHere(command.id, command.action);
    if (command.command === "restart") {
      await this.#stopLocal(command.id, "logout", { keepLease: true });
      await this.#db.run(sql`delete from whatsapp_auth where company_id = ${connection.companyId}
                             and whatsapp_id = ${command.id}`);
    }
    if (!this.#running.has(command.id)) await this.#runLocal(connection.companyId, command.id);
  }

  async #runLocal(companyId: number, id: number): Promise<void> {
    const connection = await findConnectionById(this.#db, id);
    const factory = connection && this.#options.providers[connection.provider];
    if (!connection || !factory || this.#running.has(id)) return;
    const provider = factory({
      connectionId: id,
      companyId,
      db: this.#db,
      emit: (event) => {
        running.events = running.events.then(() => this.#onEvent(companyId, id, event))
          .catch(logError);
      },
    });
    const running: Running = { companyId, provider, status: "OPENING", events: Promise.resolve() };
    this.#running.set(id, running);
    await this.#setStatus(companyId, id, { status: "OPENING", qrcode: "" });
    await provider.start();
    await running.events;
  }

  async #stopLocal(id: number, how: "stop" | "logout", options: { keepLease?: boolean } = {}) {
    const running = this.#running.get(id);
    this.#running.delete(id);
    if (running) {
      await (how === "logout" ? running.provider.logout() : running.provider.stop());
      await running.events;
    }
    if (!options.keepLease) await releaseLease(this.#db, this.instanceId, id);
  }

  async #onEvent(companyId: number, id: number, event: ProviderEventBody): Promise<void> {
    if (event.type === "status") {
      const running = this.#running.get(id);
      if (running) running.status = event.status;
      await this.#setStatus(companyId, id, event);
      if (event.status === "DISCONNECTED") {
        // The provider ended for good (logged out, QR expired, taken over elsewhere): nobody
        // should restart it until an admin asks.
        this.#running.delete(id);
        await this.#db.run(sql`update whatsapps set session_wanted = false where id = ${id}`);
        await releaseLease(this.#db, this.instanceId, id);
      }
      if (event.status === "CONNECTED") await this.drainOutbox(id);
      return;
    }
    const full = { ...event, connectionId: id, companyId } as ProviderEvent;
    for (const listener of this.#listeners) await listener(full);
  }

  async #setStatus(
    companyId: number,
    id: number,
    change: { status: ConnectionStatus; qrcode: string; reason?: string },
  ): Promise<void> {
    // `retries` counts the reconnect attempts since the last CONNECTED, for the screen.
    await this.#db.run(sql`
      update whatsapps
      set status = ${change.status}, qrcode = ${change.qrcode}, updated_at = now(),
          retries = case when ${change.status} = 'CONNECTED' then 0
                         when ${change.status} = 'TIMEOUT' then retries + 1 else retries end
      where company_id = ${companyId} and id = ${id}`);
    const connection = await findConnectionById(this.#db, id);
    if (!connection) return;
    await announceConnection(this.#hub, connection);
    // The QR pairs a phone with the company's number: only admins' sockets receive it.
    await this.#toAdmins(companyId, {
      action: "update",
      session: { ...presentConnection(connection, { admin: false }), qrcode: connection.qrcode },
      // Why it closed (loggedOut, replaced, code500…), for the admins watching it live.
      ...(change.reason ? { reason: change.reason } : {}),
    });
  }

  /** An event of the company's admins-only session channel, to each admin's sockets. */
  async #toAdmins(companyId: number, data: Record<string, unknown>): Promise<void> {
    const admins = await this.#db.query<{ id: number }>(sql`
      select id from users where company_id = ${companyId} and (profile = 'admin' or super)`);
    for (const admin of admins) {
      await this.#hub.publish(rooms.user(admin.id), channels.whatsappSession(companyId), data);
    }
  }

  async #sendPayload(id: number, payload: OutboxPayload) {
    if (payload.deleteId) {
      const running = this.#running.get(id);
      if (!running || running.status !== "CONNECTED") {
        throw new AppError("ERR_WAPP_NOT_INITIALIZED", 409);
      }
      await running.provider.deleteMessage(payload.to, payload.deleteId, true);
      return { messageId: payload.deleteId, timestamp: new Date() };
    }
    const { readMedia } = this.#options;
    // Without its file a media message would go out as its caption alone: refuse instead.
    if (payload.media && !readMedia) {
      throw new Error("No media reader: give the sessions a media store");
    }
    const media = payload.media && readMedia
      ? { ...payload.media, data: await readMedia(payload.media.path) }
      : undefined;
    return await this.send(id, {
      to: payload.to,
      body: payload.body,
      quotedId: payload.quotedId,
      messageId: payload.messageId,
      media,
    });
  }
}

/** The recipient of an outbox row, in the shape provider events carry. */
function identityOf(payload: OutboxPayload): ContactIdentity {
  return {
    number: payload.to.number ?? null,
    lid: payload.to.lid ?? null,
    name: "",
    isGroup: payload.to.isGroup ?? false,
  };
}

function logError(error: unknown) {
  console.error("whatsapp sessions:", error);
}
