/**
 * One client socket: the Noise handshake, then encrypted binary nodes both ways. What a node
 * means is the server's business (`ConnectionHost`); the connection only frames, encrypts,
 * decodes and keeps the order in which nodes arrived.
 */
import { Buffer } from "node:buffer";
import { type BinaryNode, decodeBinaryNode, encodeBinaryNode, type proto } from "baileys";
import { frameOf, FrameReader, NoiseResponder, type Transport } from "./noise.ts";
import type { ServerIdentity } from "./certs.ts";
import type { Account, Companion } from "./accounts.ts";

export interface ConnectionHost {
  identity: ServerIdentity;
  /** The client finished the handshake: a login or a registration (pairing) payload. */
  onHello(connection: Connection, payload: proto.ClientPayload, clientStatic: Buffer): void;
  onNode(connection: Connection, node: BinaryNode): Promise<void>;
  onClose(connection: Connection): void;
  /** Every node in and out, when the server traces. */
  trace?(direction: "in" | "out", node: BinaryNode): void;
}

export class Connection {
  /** Set once the client logged in as a known companion. */
  device?: { account: Account; companion: Companion };
  /** True between `success` and the socket's end: stanzas may be pushed now. */
  live = false;
  readonly opened = Date.now();
  #reader = new FrameReader();
  #noise?: NoiseResponder;
  #transport?: Transport;
  #queue = Promise.resolve();
  #closed = false;
  #sentHello = false;

  constructor(readonly socket: WebSocket, private readonly host: ConnectionHost) {
    this.#noise = new NoiseResponder(host.identity);
    socket.binaryType = "arraybuffer";
    socket.onmessage = (event) => {
      if (!(event.data instanceof ArrayBuffer)) return this.close();
      this.#queue = this.#queue.then(() => this.#receive(new Uint8Array(event.data)))
        .catch((error) => {
          console.error("whatsapp simulator: dropping a connection:", error);
          this.close();
        });
    };
    socket.onclose = () => this.#ended();
    socket.onerror = () => this.#ended();
  }

  get closed() {
    return this.#closed;
  }

  async #receive(bytes: Uint8Array) {
    for (const frame of this.#reader.push(bytes)) {
      if (this.#transport) {
        const node = await decodeBinaryNode(Buffer.from(this.#transport.open(frame)));
        this.host.trace?.("in", node);
        await this.host.onNode(this, node);
      } else if (this.#noise && !this.#sentHello) {
        this.#sentHello = true;
        this.#write(frameOf(this.#noise.hello(frame)));
      } else if (this.#noise) {
        const { transport, clientStatic, payload } = this.#noise.finish(frame);
        this.#noise = undefined;
        this.#transport = transport;
        this.host.onHello(this, payload, Buffer.from(clientStatic));
      }
    }
  }

  send(node: BinaryNode) {
    if (this.#closed || !this.#transport) return;
    this.host.trace?.("out", node);
    this.#write(frameOf(this.#transport.seal(encodeBinaryNode(node))));
  }

  #write(bytes: Uint8Array) {
    if (this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(bytes as Uint8Array<ArrayBuffer>);
    }
  }

  /** Ends the stream with `<stream:error>` (a code, or a child such as a conflict) and closes. */
  streamError(attrs: Record<string, string>, child?: BinaryNode) {
    this.send({ tag: "stream:error", attrs, content: child ? [child] : undefined });
    this.close();
  }

  close() {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.close();
    this.#ended();
  }

  #ended() {
    if (this.#closed) return;
    this.#closed = true;
    this.live = false;
    this.host.onClose(this);
  }
}
