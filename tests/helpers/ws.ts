/**
 * Real sockets for realtime tests: a `Deno.serve` on port 0 and a WebSocket client that
 * queues what it receives, so a test can wait for "the next message on channel X" or
 * check that nothing arrived. Every wait has a timeout and clears it.
 */

/** A hub sign-in for tests about sockets rather than sessions: `?token=ok` is user 1 of company 1. */
export function okTokenAuth(
  request: Request,
): Promise<{ userId: number; companyId: number } | null> {
  const ok = new URL(request.url).searchParams.get("token") === "ok";
  return Promise.resolve(ok ? { userId: 1, companyId: 1 } : null);
}

export interface ServerMessage {
  channel: string;
  data: unknown;
}

export interface TestServer {
  /** `ws://127.0.0.1:<port>/ws` */
  wsUrl: string;
  close(): Promise<void>;
}

export function serveOnFreePort(
  handler: (request: Request) => Response | Promise<Response>,
): TestServer {
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, handler);
  return {
    wsUrl: `ws://127.0.0.1:${server.addr.port}/ws`,
    close: () => server.shutdown(),
  };
}

/** Deno's WebSocket constructor also takes request headers; the DOM typings do not say so. */
const DenoWebSocket = WebSocket as unknown as new (
  url: string,
  options: { headers: Record<string, string> },
) => WebSocket;

export class TestClient {
  readonly socket: WebSocket;
  readonly received: ServerMessage[] = [];
  readonly closed: Promise<CloseEvent>;
  #unread: ServerMessage[] = [];
  #waiters: Array<() => void> = [];

  private constructor(socket: WebSocket) {
    this.socket = socket;
    this.closed = new Promise((resolve) => socket.addEventListener("close", resolve));
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as ServerMessage;
      this.received.push(message);
      this.#unread.push(message);
      this.#waiters.splice(0).forEach((wake) => wake());
    });
  }

  /**
   * Opens a socket and waits for the server's `ready`. `headers` (Deno's extension of the
   * WebSocket constructor) lets a test send what a browser would, e.g. `Origin`.
   */
  static async connect(
    url: string,
    options: { headers?: Record<string, string> } = {},
  ): Promise<TestClient> {
    const client = new TestClient(
      options.headers ? new DenoWebSocket(url, { headers: options.headers }) : new WebSocket(url),
    );
    await client.next("ready");
    return client;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** The next unread message on `channel` (earlier unread ones on other channels stay unread). */
  next(channel: string, timeoutMs = 3000): Promise<ServerMessage> {
    return this.nextOf([channel], timeoutMs);
  }

  /** The next unread message on any of `channels`, e.g. a join's `joined` or `error`. */
  async nextOf(channels: string[], timeoutMs = 3000): Promise<ServerMessage> {
    const channel = channels.join('" or "');
    const deadline = Date.now() + timeoutMs;
    while (true) {
      const index = this.#unread.findIndex((m) => channels.includes(m.channel));
      if (index >= 0) return this.#unread.splice(index, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0 || this.socket.readyState === WebSocket.CLOSED) {
        throw new Error(
          `No "${channel}" message within ${timeoutMs} ms; got: ${JSON.stringify(this.received)}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, left);
        this.#waiters.push(done);
        this.closed.then(done);
        function done() {
          clearTimeout(timer);
          resolve();
        }
      });
    }
  }

  /** Messages received so far on `channel`. */
  count(channel: string): number {
    return this.received.filter((m) => m.channel === channel).length;
  }

  async close(): Promise<void> {
    if (this.socket.readyState !== WebSocket.CLOSED) this.socket.close();
    await this.closed;
  }
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
