/**
 * The realtime hub behind `/ws` (DESIGN §5). It authenticates the upgrade request, keeps
 * each socket in its rooms (`company-{id}` and `user-{id}` always, others by checked joins),
 * sends a heartbeat, and publishes events to a room on every instance through a `Broker`.
 *
 * @example
 * const hub = await createHub({ db, authenticate, authorizeJoin });
 * app.get("/ws", (c) => hub.upgrade(c.req.raw));
 * await hub.publish(rooms.company(1), channels.contact(1), { action: "update", contact });
 */
import type { Db } from "../db/mod.ts";
import { pinnedRooms, rooms as roomNames } from "./channels.ts";
import { CLOSE_PING_TIMEOUT, CLOSE_SESSION_EXPIRED } from "./close_codes.ts";
import { PgBroker } from "./pg_broker.ts";
import { serverMessage } from "./protocol.ts";
import { RoomRegistry } from "./rooms.ts";
import { handleFrame, sendText, type Session, type SessionContext } from "./session.ts";
import type {
  Authenticate,
  AuthorizeJoin,
  Broker,
  Envelope,
  EventHook,
  Principal,
  Revalidate,
  RevalidateTarget,
} from "./types.ts";

export interface HubOptions {
  /** Used for the default `PgBroker`; not needed when `broker` is given. */
  db?: Db;
  /** Replaces the Postgres fan-out (e.g. `LocalBroker`, or a message broker later). */
  broker?: Broker;
  authenticate: Authenticate;
  /**
   * Re-checks a socket's principal when `revalidate` names it. Without one, every socket it
   * names is closed (the client renews its session and reconnects).
   */
  revalidate?: Revalidate;
  authorizeJoin: AuthorizeJoin;
  /** Names this instance in envelopes. @default a random UUID */
  instanceId?: string;
  /** A `ping` goes out this often; a socket silent for two intervals is closed. @default 18_000 */
  pingIntervalMs?: number;
  /** Client events handed to `onEvent` instead of being refused. @default ["userStatus"] */
  forwardEvents?: string[];
  onEvent?: EventHook;
}

export interface HubStats {
  sockets: number;
  rooms: number;
}

export interface Hub {
  readonly instanceId: string;
  /** Answers a `/ws` request: 401 without a principal, else the WebSocket upgrade. */
  upgrade(request: Request): Promise<Response>;
  /**
   * Sends `{channel, data}` to every socket in `room` (or in any of the rooms), on this and
   * every other instance; a socket in several of the rooms gets it once.
   */
  publish(room: string | string[], channel: string, data: unknown): Promise<void>;
  /**
   * Tells every instance that the sessions of a user (password changed, deleted, demoted,
   * signed out) or of a company (blocked, expired, deleted) may be void: each re-checks its
   * sockets of that user or company and closes those no longer signed in with
   * `CLOSE_SESSION_EXPIRED`. This instance's are checked before it resolves. Never throws:
   * a broker failure is logged (those sockets still close at their token's expiry).
   */
  revalidate(target: RevalidateTarget): Promise<void>;
  stats(): HubStats;
  /** The rooms of this instance's sockets for a user (for tests and diagnostics). */
  roomsOfUser(userId: number): string[][];
  /** Stops the heartbeat and the broker and closes every socket; waits for them to close. */
  close(): Promise<void>;
}

export { CLOSE_PING_TIMEOUT, CLOSE_SESSION_EXPIRED };
/** The room of the control messages between hubs; no socket is ever in it. */
const CONTROL_ROOM = "hub:revalidate";
/** setTimeout's ceiling (about 24.8 days); a later expiry is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** How long `close()` waits for clients to answer the close handshake. */
const CLOSE_WAIT_MS = 2000;

export async function createHub(options: HubOptions): Promise<Hub> {
  const instanceId = options.instanceId ?? crypto.randomUUID();
  const pingIntervalMs = options.pingIntervalMs ?? 18_000;
  if (!options.broker && !options.db) {
    throw new Error("createHub needs a `db` (for the Postgres broker) or a `broker`.");
  }
  const ownsBroker = !options.broker;
  const broker = options.broker ?? await PgBroker.create({ db: options.db!, instanceId });
  const rooms = new RoomRegistry<Session>();
  const ctx: SessionContext = {
    rooms,
    authorizeJoin: options.authorizeJoin,
    onEvent: options.onEvent,
    forwardEvents: new Set(options.forwardEvents ?? ["userStatus"]),
  };
  let closing: Promise<void> | undefined;

  function deliver(envelope: Envelope): void {
    if (envelope.room === CONTROL_ROOM) {
      void revalidateHere(envelope.data as RevalidateTarget);
      return;
    }
    const targets = typeof envelope.room === "string"
      ? [...rooms.members(envelope.room)]
      : [...new Set(envelope.room.flatMap((room) => [...rooms.members(room)]))];
    if (targets.length === 0) return;
    const text = serverMessage(envelope.channel, envelope.data);
    for (const session of targets) sendText(session, text);
  }
  const unsubscribe = broker.subscribe(deliver);

  const heartbeat = setInterval(function heartbeatTick() {
    const now = Date.now();
    for (const session of rooms.sockets()) {
      if (now - session.lastSeen > 2 * pingIntervalMs) {
        session.socket.close(CLOSE_PING_TIMEOUT, "No answer to pings");
      } else {
        sendText(session, serverMessage("ping", { at: now }));
      }
    }
  }, pingIntervalMs);

  function endSession(session: Session): void {
    session.socket.close(CLOSE_SESSION_EXPIRED, "Session expired");
  }

  /** Closes this instance's sockets of `target` that the `revalidate` option refuses. */
  async function revalidateHere(target: RevalidateTarget): Promise<void> {
    const room = roomOfTarget(target);
    if (!room) return console.error("realtime: a revalidation names nobody:", target);
    for (const session of [...rooms.members(room)]) {
      if (!session.open) continue;
      let valid = false;
      try {
        valid = options.revalidate ? await options.revalidate(session.principal) : false;
      } catch (err) {
        // Fail closed: the client renews its session and comes back if it may.
        console.error("realtime: re-checking a socket's session failed:", err);
      }
      if (!valid) endSession(session);
    }
  }

  /** Closes the socket when its credential expires: it must sign in again to go on. */
  function closeAtExpiry(session: Session): void {
    const expiresAt = session.principal.expiresAt;
    if (expiresAt === undefined || !session.open) return;
    const wait = expiresAt - Date.now();
    if (wait <= 0) return endSession(session);
    session.expiryTimer = setTimeout(() => closeAtExpiry(session), Math.min(wait, MAX_TIMER_MS));
  }

  function accept(request: Request, principal: Principal): Response {
    // Deno's own idle pings are off: the heartbeat above is visible to the client, which
    // can then notice a dead server too, and it can be tested.
    const { socket, response } = Deno.upgradeWebSocket(request, { idleTimeout: 0 });
    let resolveClosed!: () => void;
    const session: Session = {
      socket,
      principal,
      lastSeen: Date.now(),
      open: true,
      closed: new Promise((resolve) => (resolveClosed = resolve)),
    };
    socket.onopen = () => {
      if (closing) return socket.close(1001, "Server shutting down");
      rooms.add(session, pinnedRooms(principal));
      sendText(session, serverMessage("ready", {}));
      closeAtExpiry(session);
    };
    socket.onmessage = (event) => void handleFrame(ctx, session, event.data);
    socket.onclose = () => {
      session.open = false;
      clearTimeout(session.expiryTimer);
      rooms.remove(session);
      resolveClosed();
    };
    // An error is always followed by close, which does the cleanup.
    socket.onerror = () => {};
    return response;
  }

  return {
    instanceId,

    async upgrade(request) {
      if (closing) return jsonError("ERR_SHUTTING_DOWN", 503);
      if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
        return jsonError("ERR_WEBSOCKET_EXPECTED", 426);
      }
      let principal: Principal | null;
      try {
        principal = await options.authenticate(request);
      } catch (err) {
        console.error("realtime: authenticating a socket failed:", err);
        return jsonError("ERR_INTERNAL", 500);
      }
      if (!principal) return jsonError("ERR_SESSION_EXPIRED", 401);
      // Shut down while the caller was being checked: an upgrade now would leave a socket
      // that nothing closes, and the server's shutdown would wait for it.
      if (closing) return jsonError("ERR_SHUTTING_DOWN", 503);
      return accept(request, principal);
    },

    async publish(room, channel, data) {
      if (Array.isArray(room) && room.length === 0) return;
      const envelope: Envelope = { origin: instanceId, room, channel, data };
      deliver(envelope);
      await broker.publish(envelope);
    },

    async revalidate(target) {
      await revalidateHere(target);
      try {
        await broker.publish({
          origin: instanceId,
          room: CONTROL_ROOM,
          channel: "revalidate",
          data: target,
        });
      } catch (err) {
        // The change that caused this is committed; failing its request would say otherwise.
        // The other instances' sockets still close when their tokens expire.
        console.error("realtime: other instances could not be told to re-check sessions:", err);
      }
    },

    stats() {
      return { sockets: rooms.socketCount, rooms: rooms.roomCount };
    },

    roomsOfUser(userId) {
      return [...rooms.sockets()]
        .filter((session) => session.principal.userId === userId)
        .map((session) => rooms.roomsOf(session));
    },

    close() {
      closing ??= (async () => {
        clearInterval(heartbeat);
        unsubscribe();
        if (ownsBroker) await broker.close();
        const sessions = [...rooms.sockets()];
        for (const session of sessions) session.socket.close(1001, "Server shutting down");
        await waitAtMost(Promise.all(sessions.map((s) => s.closed)), CLOSE_WAIT_MS);
      })();
      return closing;
    },
  };
}

/** The room every socket of the target is in; null for a malformed control message. */
function roomOfTarget(target: unknown): string | null {
  if (typeof target !== "object" || target === null) return null;
  const { userId, companyId } = target as Record<string, unknown>;
  if (typeof userId === "number") return roomNames.user(userId);
  if (typeof companyId === "number") return roomNames.company(companyId);
  return null;
}

function jsonError(error: string, status: number): Response {
  return Response.json({ error }, { status });
}

async function waitAtMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  await Promise.race([work, timeout]);
  clearTimeout(timer);
}
