/**
 * The messages on the socket (DESIGN §5). Server to client: `{"channel":…,"data":…}`.
 * Client to server: `{"event":…,"data":…}`. Anything else gets an `error` message back,
 * and the socket stays open: a buggy tab should see why, not be cut off.
 */

/** Client messages larger than this are refused unread: joins and heartbeats are tiny. */
export const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

const EVENT_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

export type ClientMessage = { event: string; data: unknown };

export type ParseResult =
  | { ok: true; message: ClientMessage }
  | { ok: false; error: string; message: string };

/** Error codes sent on the `error` channel, in the catalogue's `ERR_…` style. */
export const RealtimeErrors = {
  malformed: "ERR_MALFORMED_MESSAGE",
  tooLarge: "ERR_MESSAGE_TOO_LARGE",
  binary: "ERR_BINARY_UNSUPPORTED",
  unknownEvent: "ERR_UNKNOWN_EVENT",
  forbiddenJoin: "ERR_FORBIDDEN_JOIN",
  internal: "ERR_INTERNAL",
} as const;

/** Reads one text frame from a client. */
export function parseClientMessage(text: string): ParseResult {
  // Length in UTF-16 units is at most the byte length, so this only skips the byte count
  // for messages that are certainly small enough.
  if (
    text.length > MAX_CLIENT_MESSAGE_BYTES / 3 &&
    new TextEncoder().encode(text).length > MAX_CLIENT_MESSAGE_BYTES
  ) {
    return {
      ok: false,
      error: RealtimeErrors.tooLarge,
      message: `Messages are limited to ${MAX_CLIENT_MESSAGE_BYTES} bytes.`,
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return malformed("The message is not valid JSON.");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return malformed('A message must be a JSON object like {"event":"joinTickets","data":"open"}.');
  }
  const { event, data } = value as Record<string, unknown>;
  if (typeof event !== "string" || !EVENT_NAME.test(event)) {
    return malformed('A message needs an "event" name of letters and digits, e.g. "joinTickets".');
  }
  return { ok: true, message: { event, data } };
}

function malformed(message: string): ParseResult {
  return { ok: false, error: RealtimeErrors.malformed, message };
}

/** The JSON text of a server-to-client message. */
export function serverMessage(channel: string, data: unknown): string {
  return JSON.stringify({ channel, data });
}

/** An `error` channel message: `{channel:"error", data:{error, message, event?}}`. */
export function errorMessage(error: string, message: string, event?: string): string {
  return serverMessage(
    "error",
    event === undefined ? { error, message } : { error, message, event },
  );
}

/**
 * The key under which a join is counted on a socket: `joinChatBox` with 7 and
 * `leaveChatBox` with 7 share the key `ChatBox:7`, so a leave undoes exactly its join.
 */
export function joinKey(event: string, data: unknown): string | null {
  const match = /^(join|leave)(.+)$/.exec(event);
  if (!match) return null;
  return `${match[2]}:${JSON.stringify(data ?? null)}`;
}
