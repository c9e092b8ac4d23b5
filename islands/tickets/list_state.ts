/**
 * The ticket lists of the ticket screen and how realtime events adjust them (core §4
 * "Realtime list adjustments"). Each list is one query of GET /api/tickets; `belongsIn`
 * answers, for a ticket as an event carries it, whether a reload of that list would show
 * it, mirroring the server's filters (services/tickets/read.ts), so an event moves the
 * ticket in, up to the top, or out, without a reload.
 */
import type { Ticket } from "../../services/tickets/rows.ts";

export type ListKind = "open" | "pending" | "closed" | "search";

export interface ListFilter {
  kind: ListKind;
  viewerId: number;
  admin: boolean;
  /** Admins' show-all switch. */
  showAll: boolean;
  /** Empty: every queue. */
  queueIds: number[];
  /** Empty: every user. */
  userIds: number[];
  /** Every one of these tags (all-of). */
  tagIds: number[];
  search: string;
}

const STATUS_OF: Record<ListKind, Ticket["status"] | null> = {
  open: "open",
  pending: "pending",
  closed: "closed",
  search: null,
};

/** The GET /api/tickets query of a list. */
export function listQuery(filter: ListFilter): Record<string, string | undefined> {
  const join = (ids: number[]) => (ids.length ? ids.join(",") : undefined);
  return {
    status: STATUS_OF[filter.kind] ?? undefined,
    showAll: filter.admin && filter.showAll ? "true" : undefined,
    queueIds: join(filter.queueIds),
    users: join(filter.userIds),
    tags: join(filter.tagIds),
    searchParam: filter.kind === "search" && filter.search.trim()
      ? filter.search.trim()
      : undefined,
  };
}

/** The queue filter's "Sem fila" choice, as GET /api/tickets reads it in `queueIds`. */
export const NO_QUEUE = 0;

export function belongsIn(ticket: Ticket, filter: ListFilter): boolean {
  const status = STATUS_OF[filter.kind];
  if (status && ticket.status !== status) return false;
  const wide = filter.admin && filter.showAll;
  if (!wide && ticket.userId !== filter.viewerId && ticket.status !== "pending") return false;
  if (filter.queueIds.length && !filter.queueIds.includes(ticket.queueId ?? NO_QUEUE)) return false;
  if (filter.userIds.length && !filter.userIds.includes(ticket.userId ?? -1)) return false;
  const tagIds = new Set(ticket.tags.map((tag) => tag.id));
  if (!filter.tagIds.every((id) => tagIds.has(id))) return false;
  // A search list only follows the tickets it found; it does not guess at new matches.
  return filter.kind !== "search";
}

/** Newest activity first, as the server orders the list. */
function byActivity(a: Ticket, b: Ticket): number {
  return b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;
}

type TicketEvent =
  | { action: "update"; ticket: Ticket }
  | { action: "updateUnread"; ticketId: number; ticket?: Ticket }
  | { action: "delete"; ticketId: number }
  | { action: "create"; ticket: Ticket };

function asEvent(value: unknown): TicketEvent | null {
  if (typeof value !== "object" || value === null) return null;
  const event = value as { action?: unknown; ticket?: unknown; ticketId?: unknown };
  if (event.action === "delete" || event.action === "updateUnread") {
    return typeof event.ticketId === "number" ? event as TicketEvent : null;
  }
  if (event.action !== "update" && event.action !== "create") return null;
  const ticket = event.ticket as { id?: unknown } | undefined;
  return ticket && typeof ticket.id === "number" ? event as TicketEvent : null;
}

/**
 * The list after a `-ticket` or `-appMessage` event: an updated ticket (a new message is
 * one) is put in order if it belongs, dropped if it no longer does; a deleted one removed;
 * a read one loses its unread count. The same array when nothing changes.
 */
export function applyTicketEvent(rows: Ticket[], event: unknown, filter: ListFilter): Ticket[] {
  const parsed = asEvent(event);
  if (!parsed) return rows;
  const id = parsed.action === "update" || parsed.action === "create"
    ? parsed.ticket.id
    : parsed.ticketId;
  const index = rows.findIndex((row) => row.id === id);
  if (parsed.action === "delete") return index < 0 ? rows : rows.filter((_, i) => i !== index);
  if (parsed.action === "updateUnread") {
    if (index < 0) return rows;
    return rows.map((row, i) => (i === index ? { ...row, unreadMessages: 0 } : row));
  }
  const { ticket } = parsed;
  const known = index >= 0;
  const keep = filter.kind === "search" ? known : belongsIn(ticket, filter);
  if (!keep) return known ? rows.filter((_, i) => i !== index) : rows;
  const others = known ? rows.filter((_, i) => i !== index) : rows;
  return [...others, ticket].sort(byActivity);
}
