/**
 * Telling the right people that a ticket changed (who sees a ticket: rows.ts). When a change
 * moves it out of somebody's sight (a transfer to another queue, a new assignee), they get
 * `delete` for it first, so their lists drop it, and the new audience gets `update`.
 */
import type { ServiceDeps } from "../deps.ts";
import { channels } from "../../lib/realtime/channels.ts";
import { publishToTicketAudience, type Ticket, ticketAudience } from "./rows.ts";

type Deps = Pick<ServiceDeps, "db" | "hub">;

/** `update` to who sees the ticket now; `delete` to who saw it before and no longer does. */
export async function announceTicketChange(
  deps: Deps,
  companyId: number,
  before: { queueId: number | null; userId: number | null },
  ticket: Ticket,
): Promise<void> {
  const { hub } = deps;
  const channel = channels.ticket(companyId);
  const [was, now] = await Promise.all([
    ticketAudience(deps.db, { companyId, ...before }),
    ticketAudience(deps.db, { companyId, queueId: ticket.queueId, userId: ticket.userId }),
  ]);
  const gone = was.filter((room) => !now.includes(room));
  await hub.publish(gone, channel, { action: "delete", ticketId: ticket.id });
  await hub.publish(now, channel, { action: "update", ticket });
}

export async function announceTicketDeleted(
  deps: Deps,
  companyId: number,
  ticket: Pick<Ticket, "id" | "queueId" | "userId">,
): Promise<void> {
  await publishToTicketAudience(
    deps,
    { companyId, queueId: ticket.queueId, userId: ticket.userId },
    [channels.ticket(companyId), { action: "delete", ticketId: ticket.id }],
  );
}
