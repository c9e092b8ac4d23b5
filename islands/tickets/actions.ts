/**
 * The ticket transitions of core §4 as calls of PUT /api/tickets/{id}; each answers the
 * ticket as it now is. Errors are thrown for the caller to show.
 */
import { api } from "../../lib/client/api.ts";
import type { Ticket } from "../../services/tickets/rows.ts";

const change = (ticket: Pick<Ticket, "id">, body: Record<string, unknown>) =>
  api<Ticket>(`/api/tickets/${ticket.id}`, { method: "PUT", body });

export const acceptTicket = (ticket: Ticket, userId: number) =>
  change(ticket, { status: "open", userId });

export const returnTicket = (ticket: Ticket) => change(ticket, { status: "pending", userId: null });

export const resolveTicket = (ticket: Ticket, userId: number) =>
  change(ticket, { status: "closed", userId });

export const reopenTicket = (ticket: Ticket, userId: number) =>
  change(ticket, { status: "open", userId });

export interface TransferChoice {
  queueId: number;
  userId: number | null;
  whatsappId: number | null;
}

export const transferTicket = (ticket: Ticket, choice: TransferChoice) =>
  change(ticket, {
    queueId: choice.queueId,
    userId: choice.userId,
    ...(choice.whatsappId ? { whatsappId: choice.whatsappId } : {}),
  });

export const deleteTicket = (ticket: Ticket) =>
  api(`/api/tickets/${ticket.id}`, { method: "DELETE" });
