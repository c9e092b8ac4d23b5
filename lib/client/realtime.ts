/**
 * The browser end of `/ws` (DESIGN §5): one socket per tab that stays up on its own.
 *
 * - Every `ping` is answered with `pong`: the hub closes a socket silent for two intervals.
 * - An unexpected close reconnects with exponential backoff and jitter (1 s doubling to 30 s),
 *   so a restarted server is not hit by every tab at the same instant.
 * - A socket that closes before the hub's `ready` was refused at the upgrade, usually because
 *   the access cookie expired; one the hub closes with `CLOSE_SESSION_EXPIRED` lost its
 *   session (token expired, password changed, company blocked, signed out elsewhere). Either
 *   way the session is refreshed first, and a refused refresh signs the tab out.
 * - Joins are remembered and sent again after every `ready`: a new socket starts in no rooms.
 *
 * @example
 * const rt = connectRealtime();
 * const stop = rt.subscribe("company-1-ticket", (data) => update(data));
 * rt.join("joinTickets", "open");
 */
import { type ReadonlySignal, signal } from "@preact/signals";
import { refreshSession, signOut } from "./api.ts";
import { CLOSE_SESSION_EXPIRED } from "../realtime/close_codes.ts";

export type RealtimeState = "connecting" | "open" | "closed";

export interface RealtimeMessage {
  channel: string;
  data: unknown;
}

export type ChannelHandler = (data: unknown, message: RealtimeMessage) => void;

export interface RealtimeOptions {
  /** A function is called for every attempt, e.g. to put a fresh `?token=` in. @default `/ws` here */
  url?: string | (() => string);
  /** Sees every message, on any channel. */
  onMessage?: (message: RealtimeMessage) => void;
  /** @default globalThis.WebSocket */
  WebSocketImpl?: typeof WebSocket;
  /**
   * Renews the session after a refused upgrade: `true` to try again, `false` when the server
   * refused (the tab signs out); a rejection means "could not tell" and just backs off.
   * @default POST /api/auth/refresh_token through the API client
   */
  refreshToken?: () => Promise<boolean>;
  /** Backoff bounds; tests shrink them. @default { min: 1000, max: 30000 } */
  reconnectDelayMs?: { min?: number; max?: number };
  /** @default Math.random */
  random?: () => number;
}

export interface RealtimeClient {
  /** Calls `handler` with each message's data on `channel`; returns the unsubscribe. */
  subscribe(channel: string, handler: ChannelHandler): () => void;
  /** Sends `{event, data}` now if open, and again after every reconnect. */
  join(event: string, data?: unknown): void;
  /** Undoes one matching `join` (`leaveChatBox` for `joinChatBox`) here and on the server. */
  leave(event: string, data?: unknown): void;
  /** Sends a one-off event (e.g. `userStatus`) if the socket is open; returns whether it was. */
  send(event: string, data?: unknown): boolean;
  /** Closes the socket and cancels every pending reconnect; the client is then done. */
  close(): void;
  readonly state: ReadonlySignal<RealtimeState>;
}

/**
 * The delay before reconnect attempt `attempt` (0-based): `min·2^attempt`, capped at `max`,
 * then "equal jitter": a random point in its upper half, so it never drops near zero.
 */
export function backoffDelay(
  attempt: number,
  min: number,
  max: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(max, min * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * ceiling / 2);
}

/** `ws://host/ws` or `wss://host/ws` for the page's own origin. */
function defaultUrl(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === "https:" ? "wss" : "ws"}://${host}/ws`;
}

export function connectRealtime(options: RealtimeOptions = {}): RealtimeClient {
  const Impl = options.WebSocketImpl ?? globalThis.WebSocket;
  const refreshToken = options.refreshToken ?? refreshSession;
  const min = options.reconnectDelayMs?.min ?? 1000;
  const max = options.reconnectDelayMs?.max ?? 30_000;
  const random = options.random ?? Math.random;
  const state = signal<RealtimeState>("connecting");
  const handlers = new Map<string, Set<ChannelHandler>>();
  /** Remembered joins by `event data`, with how many times each was joined. */
  const joins = new Map<string, { event: string; data: unknown; count: number }>();
  let socket: WebSocket | null = null;
  let ready = false;
  let stopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function open(): void {
    if (stopped) return;
    state.value = "connecting";
    ready = false;
    const url = typeof options.url === "function" ? options.url() : options.url ?? defaultUrl();
    const current = new Impl(url);
    socket = current;
    current.onmessage = (event) => {
      if (socket === current) receive(event.data);
    };
    // An error is always followed by close, which decides what happens next.
    current.onerror = () => {};
    current.onclose = (event) => {
      if (socket !== current || stopped) return;
      socket = null;
      state.value = "connecting";
      if (ready && event.code !== CLOSE_SESSION_EXPIRED) schedule();
      else void afterRefusal();
    };
  }

  function receive(raw: unknown): void {
    let message: RealtimeMessage;
    try {
      message = JSON.parse(String(raw));
    } catch {
      return;
    }
    if (typeof message !== "object" || message === null || typeof message.channel !== "string") {
      return;
    }
    if (message.channel === "ping") send("pong");
    if (message.channel === "ready") {
      ready = true;
      attempt = 0;
      state.value = "open";
      for (const join of joins.values()) {
        for (let i = 0; i < join.count; i++) send(join.event, join.data);
      }
    }
    dispatch(message);
  }

  /** A bad handler must not keep the others (or the heartbeat) from running. */
  function dispatch(message: RealtimeMessage): void {
    const targets: Array<(message: RealtimeMessage) => void> = [];
    if (options.onMessage) targets.push(options.onMessage);
    for (const handler of handlers.get(message.channel) ?? []) {
      targets.push((m) => handler(m.data, m));
    }
    for (const target of targets) {
      try {
        target(message);
      } catch (err) {
        console.error(`realtime: a handler for "${message.channel}" failed:`, err);
      }
    }
  }

  /**
   * Closed before `ready`, or because the session ended: renew the session, then try again
   * (or sign out if refused).
   */
  async function afterRefusal(): Promise<void> {
    let renewed: boolean | undefined;
    try {
      renewed = await refreshToken();
    } catch {
      renewed = undefined; // offline or server down: keep trying, it is not a sign-out
    }
    if (stopped) return;
    if (renewed === false) {
      stop();
      signOut();
      return;
    }
    schedule();
  }

  function schedule(): void {
    if (stopped) return;
    const wait = backoffDelay(attempt++, min, max, random);
    timer = setTimeout(() => {
      timer = undefined;
      open();
    }, wait);
  }

  function send(event: string, data?: unknown): boolean {
    if (!socket || socket.readyState !== Impl.OPEN) return false;
    socket.send(JSON.stringify(data === undefined ? { event } : { event, data }));
    return true;
  }

  function stop(): void {
    stopped = true;
    clearTimeout(timer);
    timer = undefined;
    const current = socket;
    socket = null;
    if (current && current.readyState !== Impl.CLOSED) current.close(1000, "Client closed");
    state.value = "closed";
  }

  open();

  return {
    state,
    subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) handlers.set(channel, set = new Set());
      set.add(handler);
      return () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(channel) === set) handlers.delete(channel);
      };
    },
    join(event, data) {
      const key = `${event.replace(/^join/, "")} ${JSON.stringify(data ?? null)}`;
      const known = joins.get(key);
      if (known) known.count++;
      else joins.set(key, { event, data, count: 1 });
      if (ready) send(event, data);
    },
    leave(event, data) {
      const key = `${event.replace(/^leave/, "")} ${JSON.stringify(data ?? null)}`;
      const known = joins.get(key);
      if (known && --known.count === 0) joins.delete(key);
      if (ready) send(event, data);
    },
    send: (event, data) => ready && send(event, data),
    close: stop,
  };
}
