/**
 * Telling the right people that a ticket changed. A ticket is seen by its queue's users and
 * the admins, or by the whole company while it has no queue (rows.ts). When a change moves
 * it out of somebody's sight (a transfer to another queue), they get `delete` for it first,
 * so their lists drop it, and the new audience gets `update`.
 */
import { type Db, sql } from "../../lib/db/mod.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import { publishToTicketAudience, type Ticket } from "./rows.ts";

interface Deps {
  db: Db;
  hub?: Hub;
}

/** The users who see tickets of `queueId`, or "company" for a ticket without a queue. */
async function audienceOf(
  db: Db,
  companyId: number,
  queueId: number | null,
): Promise<"company" | Set<number>> {
  if (queueId === null) return "company";
  const rows = await db.query<{ id: number }>(sql`
    select u.id from users u
    where u.company_id = ${companyId}
      and (u.profile = 'admin' or u.super or exists (
        select 1 from user_queues uq where uq.user_id = u.id and uq.queue_id = ${queueId}))`);
  return new Set(rows.map((row) => row.id));
}

/** `update` to who sees the ticket now; `delete` to who saw it before and no longer does. */
export async function announceTicketChange(
  deps: Deps,
  companyId: number,
  before: { queueId: number | null; userId: number | null },
  ticket: Ticket,
): Promise<void> {
  const hub = deps.hub;
  if (!hub) return;
  const channel = `company-${companyId}-ticket`;
  if (before.queueId !== ticket.queueId) {
    const [was, now] = await Promise.all([
      audienceOf(deps.db, companyId, before.queueId),
      audienceOf(deps.db, companyId, ticket.queueId),
    ]);
    const gone = { action: "delete", ticketId: ticket.id };
    if (now !== "company") {
      if (was === "company") await hub.publish(`company-${companyId}`, channel, gone);
      else {
        for (const id of was) if (!now.has(id)) await hub.publish(`user-${id}`, channel, gone);
      }
    }
  }
  await publishToTicketAudience(deps, { companyId, queueId: ticket.queueId }, channel, {
    action: "update",
    ticket,
  });
  // The previous assignee keeps hearing of it even when the queue hides it from them now.
  if (before.userId !== null && before.userId !== ticket.userId) {
    await hub.publish(`user-${before.userId}`, channel, { action: "update", ticket });
  }
}

export async function announceTicketDeleted(
  deps: Deps,
  companyId: number,
  ticket: Pick<Ticket, "id" | "queueId">,
): Promise<void> {
  await publishToTicketAudience(
    deps,
    { companyId, queueId: ticket.queueId },
    `company-${companyId}-ticket`,
    { action: "delete", ticketId: ticket.id },
  );
}
