/**
 * The message view's list (core §2): pages arrive newest first and are drawn oldest first;
 * realtime events add or change one message; the drawn timeline has a separator for each
 * day. Pure, so the rules are tested without a browser.
 */
import type { Message } from "../../services/tickets/rows.ts";

export type ViewMessage = Message;

export type TimelineItem =
  | { kind: "day"; key: string; day: string }
  | { kind: "ticket"; key: string; ticketId: number }
  | { kind: "message"; key: string; message: ViewMessage };

function byTime(a: Message, b: Message): number {
  return a.createdAt.localeCompare(b.createdAt) || a.id - b.id;
}

/** `current` with `incoming` merged in (an older page, or our own send's answer), in order. */
export function mergeMessages(current: ViewMessage[], incoming: ViewMessage[]): ViewMessage[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) {
    const known = byId.get(message.id);
    // A realtime update may have arrived first; keep whichever saw the later ack.
    byId.set(
      message.id,
      known && known.ack > message.ack ? { ...message, ack: known.ack } : message,
    );
  }
  return [...byId.values()].sort(byTime);
}

/** The list after an `-appMessage` event, for the ticket `ticketId` shown. */
export function applyMessageEvent(
  messages: ViewMessage[],
  event: unknown,
  ticketId: number,
): ViewMessage[] {
  if (typeof event !== "object" || event === null) return messages;
  const { action, message } = event as { action?: unknown; message?: ViewMessage };
  if (action !== "create" && action !== "update") return messages;
  if (!message || typeof message.id !== "number" || message.ticketId !== ticketId) return messages;
  const known = messages.find((row) => row.id === message.id);
  if (action === "update" && !known) return messages;
  // Events do not carry the quoted message; keep the one the page gave, or find it here.
  const quotedMsg = known?.quotedMsg ?? quotedFrom(messages, message.quotedWid);
  return mergeMessages(messages, [{ ...message, quotedMsg }]);
}

function quotedFrom(messages: ViewMessage[], wid: string | null): ViewMessage["quotedMsg"] {
  if (!wid) return null;
  const quoted = messages.find((row) => row.wid === wid);
  return quoted
    ? { id: quoted.id, body: quoted.body, fromMe: quoted.fromMe, mediaType: quoted.mediaType }
    : null;
}

/**
 * Messages with a day separator before the first of each day (`dayOf` gives the day) and,
 * when the view reaches into the contact's earlier tickets, a ticket separator where each
 * ticket's messages begin.
 */
export function timeline(
  messages: ViewMessage[],
  dayOf: (iso: string) => string,
): TimelineItem[] {
  const items: TimelineItem[] = [];
  const severalTickets = new Set(messages.map((message) => message.ticketId)).size > 1;
  let previous = "";
  let previousTicket = 0;
  for (const message of messages) {
    if (severalTickets && message.ticketId !== previousTicket) {
      items.push({ kind: "ticket", key: `t-${message.ticketId}`, ticketId: message.ticketId });
      previousTicket = message.ticketId;
      previous = ""; // the new ticket starts with its day
    }
    const day = dayOf(message.createdAt);
    if (day !== previous) {
      items.push({ kind: "day", key: `day-${message.ticketId}-${day}`, day });
      previous = day;
    }
    items.push({ kind: "message", key: `m-${message.id}`, message });
  }
  return items;
}
