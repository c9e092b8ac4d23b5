/**
 * A local WhatsApp Web server for tests and for trying Balcão with no phone. The real Baileys
 * client connects to it (`WA_WEBSOCKET_URL`, and `WA_ROOT_PUBLIC_KEY` for its certificate
 * chain), pairs by QR with a simulated phone, logs in, uploads pre-keys, and exchanges
 * end-to-end encrypted messages with simulated customers. Sockets, the offline queue and
 * stream errors behave as the protocol defines them; see README.md beside this file for what
 * is covered and what is left out.
 */
import { Buffer } from "node:buffer";
import type { BinaryNode, proto } from "baileys";
import { type Account, type Companion, Directory } from "./accounts.ts";
import { type KeyPair, newServerIdentity, rootKeyHex, type ServerIdentity } from "./certs.ts";
import { Connection, type ConnectionHost } from "./connection.ts";
import { answerIq } from "./iq.ts";
import {
  linkedDevice,
  pairDeviceNode,
  pairSuccessNode,
  parseQr,
  type Registration,
  registrationOf,
} from "./pairing.ts";
import { Messaging } from "./messaging.ts";
import { MediaHost } from "./media_host.ts";
import { Customer } from "./customer.ts";
import { handleControl } from "./control.ts";

export interface WhatsappServerOptions {
  /** The address to listen on (127.0.0.1). */
  hostname?: string;
  port?: number;
  /** The root key pair; a new one by default (tests), fixed for a long-running simulator. */
  root?: KeyPair;
  /** Logs every node in and out (debugging). */
  trace?: boolean;
}

export type StreamErrorKind = "restart" | "conflict" | "deviceRemoved" | "unknown";

export class WhatsappServer implements ConnectionHost {
  readonly identity: ServerIdentity;
  readonly directory = new Directory();
  readonly connections = new Set<Connection>();
  readonly messaging: Messaging;
  readonly media = new MediaHost();
  readonly #registering = new Map<Connection, Registration>();
  /** Clients that connected without an account and were sent QR refs (pairing attempts). */
  registrations = 0;
  /** Sockets closed because another logged in as the same device (440 conflicts). */
  conflicts = 0;
  #server?: Deno.HttpServer<Deno.NetAddr>;
  #port: number;
  #hostname: string;
  #stanza = 0;
  #trace: boolean;

  constructor(options: WhatsappServerOptions = {}) {
    this.identity = newServerIdentity(options.root);
    this.#port = options.port ?? 0;
    this.#hostname = options.hostname ?? "127.0.0.1";
    this.#trace = options.trace ?? false;
    this.messaging = new Messaging(this);
  }

  /** Starts listening (again, on the same port, after `unreachable`). */
  async start(): Promise<this> {
    await this.media.start(this.#hostname);
    this.#listen();
    return this;
  }

  #listen() {
    this.#server = Deno.serve({
      port: this.#port,
      hostname: this.#hostname,
      onListen: () => {},
    }, (request) => {
      if (request.headers.get("upgrade") !== "websocket") {
        return new URL(request.url).pathname.startsWith("/control/")
          ? handleControl(this, request)
          : new Response("WhatsApp Web simulator", { status: 426 });
      }
      const { socket, response } = Deno.upgradeWebSocket(request);
      this.connections.add(new Connection(socket, this));
      return response;
    });
    this.#port = this.#server.addr.port;
  }

  get url(): string {
    return `ws://${this.#hostname}:${this.#port}/ws/chat`;
  }

  /** The `WA_ROOT_PUBLIC_KEY` the product needs to trust this server. */
  get rootPublicKeyHex(): string {
    return rootKeyHex(this.identity);
  }

  /** Takes the server off the network: every socket is cut, new ones are refused. */
  async unreachable(): Promise<void> {
    for (const connection of this.connections) connection.close();
    await this.#server?.shutdown();
    this.#server = undefined;
  }

  /** Back on the network on the same address. */
  reachable(): void {
    if (!this.#server) this.#listen();
  }

  async close(): Promise<void> {
    await this.unreachable();
    await this.media.close();
  }

  nextStanzaId(): string {
    return `sim.${(++this.#stanza).toString(16)}`;
  }

  trace(direction: "in" | "out", node: BinaryNode) {
    if (!this.#trace) return;
    const bytes = (_key: string, value: { type?: string; data?: unknown[] }) =>
      value?.type === "Buffer" ? `<${value.data?.length} bytes>` : value;
    console.log(direction, JSON.stringify(node, bytes));
  }

  // ——— the control API ———

  /** A business account: its phone scans QR codes and owns the linked devices. */
  business(pn: string, name = "Balcão"): Account {
    return this.directory.account(pn, name);
  }

  /** A customer (created on first use) who writes to businesses from a simulated phone. */
  customer(pn: string, name = "", addressing: "lid" | "pn" = "lid"): Customer {
    return new Customer(this, this.directory.account(pn, name), addressing);
  }

  /** The QR code a registering client shows now (its first ref), for scripted pairing. */
  currentQrRefs(): string[] {
    return [...this.#registering.values()].map((r) => r.refs[0]!);
  }

  /**
   * The phone of `pn` scans `qr` (the text the companion showed): the companion is linked to
   * that account. Answers the new device's JID.
   */
  scan(pn: string, qr: string): string {
    const scanned = parseQr(qr);
    if (!scanned) throw new Error("not a WhatsApp QR code");
    const match = [...this.#registering.entries()].find(([connection, registration]) =>
      !connection.closed && registration.refs.includes(scanned.ref) &&
      registration.noiseKey.equals(scanned.noiseKey) &&
      registration.identity.equals(scanned.identity)
    );
    if (!match) throw new Error("this QR code is not shown by any connected client");
    const [connection, registration] = match;
    const account = this.business(pn);
    const device = account.nextDevice();
    const stanzaId = this.nextStanzaId();
    registration.linking = { account, ...device, stanzaId };
    connection.send(pairSuccessNode(account, scanned, device, stanzaId));
    return `${account.pn}:${device.id}@s.whatsapp.net`;
  }

  /** The socket of a linked device, when it is logged in. */
  connectionOf(pn: string, device?: number): Connection | undefined {
    const account = this.directory.byPn(pn);
    const companions = [...(account?.companions.values() ?? [])];
    const companion = device === undefined ? companions[0] : account?.companions.get(device);
    return companion?.connection && !companion.connection.closed ? companion.connection : undefined;
  }

  /** Live sockets logged in as some device of `pn` (one per linked device at most). */
  socketsOf(pn: string): Connection[] {
    return [...this.connections].filter((c) => !c.closed && c.device?.account.pn === pn);
  }

  /** Ends a linked device's stream the way WhatsApp does for each reason. */
  streamError(pn: string, kind: StreamErrorKind, device?: number): void {
    const connection = this.connectionOf(pn, device);
    if (kind === "deviceRemoved") {
      // The phone unlinked the device: it is forgotten, and a later login fails with 401.
      const companion = connection?.device?.companion ??
        [...(this.directory.byPn(pn)?.companions.values() ?? [])][0];
      if (companion) this.directory.byPn(pn)?.companions.delete(companion.id);
    }
    if (!connection) return;
    if (kind === "restart") connection.streamError({ code: "515" });
    else if (kind === "conflict") {
      connection.streamError({}, { tag: "conflict", attrs: { type: "replaced" } });
    } else if (kind === "deviceRemoved") {
      connection.streamError({ code: "401" }, {
        tag: "conflict",
        attrs: { type: "device_removed" },
      });
    } else connection.streamError({}, { tag: "internal-server-error", attrs: {} });
  }

  // ——— ConnectionHost ———

  onHello(connection: Connection, payload: proto.ClientPayload, clientStatic: Buffer): void {
    if (payload.devicePairingData) {
      const registration = registrationOf(payload, clientStatic);
      this.#registering.set(connection, registration);
      this.registrations++;
      connection.send(pairDeviceNode(registration, this.nextStanzaId()));
      return;
    }
    const user = String(payload.username ?? "");
    const found = this.directory.companion(user, Number(payload.device ?? 0));
    if (!found || !found.companion.noiseKey.equals(clientStatic)) {
      connection.send({ tag: "failure", attrs: { reason: "401", location: "simulator" } });
      connection.close();
      return;
    }
    this.#login(connection, found.account, found.companion);
  }

  #login(connection: Connection, account: Account, companion: Companion) {
    const previous = companion.connection;
    if (previous && !previous.closed && previous !== connection) {
      // A second socket for the same device takes over; the first hears it was replaced.
      this.conflicts++;
      previous.streamError({}, { tag: "conflict", attrs: { type: "replaced" } });
    }
    companion.connection = connection;
    connection.device = { account, companion };
    connection.send({
      tag: "success",
      attrs: {
        t: String(Math.floor(Date.now() / 1000)),
        lid: `${account.lid}:${companion.id}@lid`,
        props: "1",
        location: "simulator",
      },
    });
    connection.live = true;
    this.messaging.flushOffline(companion);
  }

  async onNode(connection: Connection, node: BinaryNode): Promise<void> {
    if (node.tag === "iq") return this.#onIq(connection, node);
    const device = connection.device;
    if (!device) return;
    if (node.tag === "message") return await this.messaging.relay(device, node);
    if (node.tag === "receipt") return await this.messaging.onReceipt(device, node);
    if (node.tag === "ack") return this.messaging.onAck(device.companion, node);
    if (node.tag === "chatstate") return this.messaging.onChatState(device.account, node);
    // presence, ib (unified_session, offline_batch): nothing to answer.
  }

  #onIq(connection: Connection, iq: BinaryNode) {
    const registration = this.#registering.get(connection);
    if (registration?.linking && iq.attrs.id === registration.linking.stanzaId) {
      return this.#finishPairing(connection, registration, iq);
    }
    if (!connection.device) return; // the pair-device acknowledgement and similar
    const answer = answerIq(iq, {
      directory: this.directory,
      companion: connection.device.companion,
      mediaHost: this.media.hostFor(connection.device.account),
    });
    if (answer) connection.send(answer);
  }

  #finishPairing(connection: Connection, registration: Registration, reply: BinaryNode) {
    this.#registering.delete(connection);
    const companion = reply.attrs.type === "result" ? linkedDevice(reply, registration) : undefined;
    if (!companion || !registration.linking) {
      connection.streamError({ code: "401" });
      return;
    }
    registration.linking.account.companions.set(companion.id, companion);
    // Logging in with the new identity needs a fresh stream.
    connection.streamError({ code: "515" });
  }

  onClose(connection: Connection): void {
    this.connections.delete(connection);
    this.#registering.delete(connection);
    const companion = connection.device?.companion;
    if (companion?.connection === connection) companion.connection = undefined;
  }
}
