/**
 * Changing a ticket on the automation's behalf (the chatbot choosing a queue, a timer moving
 * or closing it), and telling the screens: the same `update`/`delete` events as an agent's
 * change (services/tickets/announce.ts), so the ticket screen shows the customer's queue live.
 */
import { type Sql, sql } from "../../lib/db/mod.ts";
import type { ServiceDeps } from "../deps.ts";
import { announceTicketChange } from "../tickets/announce.ts";
import { findTicketRow, presentTicket, type Ticket } from "../tickets/rows.ts";

export type FlowDeps =
  & Pick<ServiceDeps, "db" | "hub" | "media" | "clock">
  & Partial<Pick<ServiceDeps, "mediaLinks" | "log" | "outbound" | "asaasBaseUrl">>;

/**
 * Applies `set` to the ticket, guarded by `where` (the state the change was decided on, so
 * two runs never both apply it), then announces it. Answers the ticket, or null when the
 * guard no longer held.
 */
export async function changeTicket(
  deps: Pick<FlowDeps, "db" | "hub">,
  companyId: number,
  ticketId: number,
  set: Sql,
  where: Sql = sql`true`,
): Promise<Ticket | null> {
  // The old queue and agent are read in the same statement: who saw the ticket before.
  const before = await deps.db.maybeOne<{ old_queue: number | null; old_user: number | null }>(sql`
    update tickets t set ${set}, updated_at = now()
    from (select id as old_id, queue_id as old_queue, user_id as old_user from tickets
          where company_id = ${companyId} and id = ${ticketId} for update) old
    where t.id = old.old_id and ${where}
    returning old.old_queue, old.old_user`);
  if (!before) return null;
  const ticket = presentTicket((await findTicketRow(deps.db, companyId, ticketId))!);
  await announceTicketChange(deps, companyId, {
    queueId: before.old_queue,
    userId: before.old_user,
  }, ticket);
  return ticket;
}
