/**
 * What happens on one socket after it is accepted: client events are parsed, joins are
 * checked by `authorizeJoin` and counted, leaves undo them, forwarded events reach the
 * hook. A bad message gets an `error` reply; nothing a client sends closes its socket.
 */
import {
  errorMessage,
  joinKey,
  parseClientMessage,
  RealtimeErrors,
  serverMessage,
} from "./protocol.ts";
import type { RoomRegistry } from "./rooms.ts";
import type { AuthorizeJoin, EventHook, Principal } from "./types.ts";

export interface Session {
  readonly socket: WebSocket;
  readonly principal: Principal;
  /** When the client last sent anything (ms since epoch): the heartbeat reads it. */
  lastSeen: number;
  /** False once the socket closed: late join answers must not re-add it to rooms. */
  open: boolean;
  /** Resolves when the socket has closed. */
  readonly closed: Promise<void>;
  /** Closes the socket when its credential expires (hub.ts). */
  expiryTimer?: ReturnType<typeof setTimeout>;
}

export interface SessionContext {
  rooms: RoomRegistry<Session>;
  authorizeJoin: AuthorizeJoin;
  onEvent?: EventHook;
  forwardEvents: ReadonlySet<string>;
}

/** Sends text if the socket is still open; a socket closing under us is not an error. */
export function sendText(session: Session, text: string): void {
  if (session.socket.readyState !== WebSocket.OPEN) return;
  try {
    session.socket.send(text);
  } catch {
    // The close event follows and cleans up.
  }
}

/** Handles one frame from the client. Never throws. */
export async function handleFrame(
  ctx: SessionContext,
  session: Session,
  raw: unknown,
): Promise<void> {
  session.lastSeen = Date.now();
  if (typeof raw !== "string") {
    sendText(session, errorMessage(RealtimeErrors.binary, "Send JSON text frames, not binary."));
    return;
  }
  const parsed = parseClientMessage(raw);
  if (!parsed.ok) {
    sendText(session, errorMessage(parsed.error, parsed.message));
    return;
  }
  const { event, data } = parsed.message;
  try {
    if (event === "pong") return;
    if (event.startsWith("join")) return await join(ctx, session, event, data);
    if (event.startsWith("leave")) return leave(ctx, session, event, data);
    if (ctx.forwardEvents.has(event)) {
      await ctx.onEvent?.(session.principal, event, data);
      return;
    }
    sendText(
      session,
      errorMessage(RealtimeErrors.unknownEvent, `The event "${event}" is not known here.`, event),
    );
  } catch (err) {
    console.error(
      `realtime: handling "${event}" for user ${session.principal.userId} failed:`,
      err,
    );
    sendText(
      session,
      errorMessage(RealtimeErrors.internal, "The server could not handle this event.", event),
    );
  }
}

async function join(ctx: SessionContext, session: Session, event: string, data: unknown) {
  const rooms = await ctx.authorizeJoin(session.principal, event, data);
  if (!session.open) return;
  if (!rooms || rooms.length === 0) {
    sendText(
      session,
      errorMessage(RealtimeErrors.forbiddenJoin, `You may not ${event} with this data.`, event),
    );
    return;
  }
  ctx.rooms.join(session, joinKey(event, data)!, rooms);
  // The acknowledgement lets a client (and a test) know events for these rooms now reach it.
  sendText(session, serverMessage("joined", { event, data: data ?? null }));
}

function leave(ctx: SessionContext, session: Session, event: string, data: unknown) {
  const key = joinKey(event, data);
  if (key) ctx.rooms.leave(session, key);
  sendText(session, serverMessage("left", { event, data: data ?? null }));
}
