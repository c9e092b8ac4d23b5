/**
 * How an envelope travels in a Postgres notification. NOTIFY refuses payloads of 8000 bytes
 * or more, so a larger envelope is stored in `realtime_payloads` and the notification only
 * carries its id (and its origin, so the publisher can skip it without loading it).
 */
import type { Envelope } from "./types.ts";

/** Under NOTIFY's 8000-byte limit, with room to spare for the channel name. */
export const MAX_INLINE_BYTES = 7900;

/** What a notification says: the whole envelope, or where to load it. */
export type Notice =
  | { kind: "inline"; envelope: Envelope }
  | { kind: "stored"; origin: string; id: number };

interface WireInline {
  o: string;
  r: string | string[];
  c: string;
  d: unknown;
}
interface WireStored {
  o: string;
  ref: number;
}

const encoder = new TextEncoder();

export function byteLength(text: string): number {
  return encoder.encode(text).length;
}

/** The compact JSON of an envelope (short keys keep more events under the limit). */
export function encodeEnvelope(envelope: Envelope): string {
  const wire: WireInline = {
    o: envelope.origin,
    r: envelope.room,
    c: envelope.channel,
    d: envelope.data,
  };
  return JSON.stringify(wire);
}

/** The notification that points at a stored envelope. */
export function encodeStoredNotice(origin: string, id: number): string {
  const wire: WireStored = { o: origin, ref: id };
  return JSON.stringify(wire);
}

/** Parses a notification payload; throws a SyntaxError naming the problem when malformed. */
export function decodeNotice(text: string): Notice {
  const value: unknown = JSON.parse(text);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new SyntaxError(
      `A realtime notification must be a JSON object; got: ${text.slice(0, 80)}`,
    );
  }
  const wire = value as Record<string, unknown>;
  if (typeof wire.o !== "string") {
    throw new SyntaxError(`A realtime notification has no origin: ${text.slice(0, 80)}`);
  }
  if ("ref" in wire) {
    if (typeof wire.ref !== "number" || !Number.isSafeInteger(wire.ref)) {
      throw new SyntaxError(`A stored realtime notification has a bad id: ${text.slice(0, 80)}`);
    }
    return { kind: "stored", origin: wire.o, id: wire.ref };
  }
  return { kind: "inline", envelope: decodeEnvelope(text, wire) };
}

/** Parses the compact JSON made by `encodeEnvelope` (also used for stored payloads). */
export function decodeEnvelope(text: string, parsed?: Record<string, unknown>): Envelope {
  const wire = parsed ?? JSON.parse(text) as Record<string, unknown>;
  const room = wire.r;
  const roomOk = typeof room === "string" ||
    (Array.isArray(room) && room.every((r) => typeof r === "string"));
  if (typeof wire.o !== "string" || !roomOk || typeof wire.c !== "string") {
    throw new SyntaxError(
      `A realtime envelope needs origin, room and channel: ${text.slice(0, 80)}`,
    );
  }
  return {
    origin: wire.o as string,
    room: room as string | string[],
    channel: wire.c as string,
    data: wire.d,
  };
}
