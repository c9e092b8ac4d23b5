/**
 * The one guarded change of a ticket behind the commands of moves.ts: `set` is applied only
 * while `where` holds (the state the change was decided on, so two runs never both apply
 * it), and the change is announced the way an agent's is (announce.ts), so the screens show
 * a bot's or a timer's move live.
 */
import { type Sql, sql } from "../../lib/db/mod.ts";
import type { ServiceDeps } from "../deps.ts";
import { announceTicketChange } from "./announce.ts";
import { findTicketRow, presentTicket, type Ticket } from "./rows.ts";

export type ChangeDeps = Pick<ServiceDeps, "db" | "hub">;

export interface Changed {
  ticket: Ticket;
  /** The queue and agent before the change: who saw the ticket until now. */
  before: { queueId: number | null; userId: number | null };
}

/** Applies `set` guarded by `where`; answers the ticket, or null when the guard no longer held. */
export async function changeTicket(
  deps: ChangeDeps,
  companyId: number,
  ticketId: number,
  set: Sql,
  where: Sql = sql`true`,
): Promise<Changed | null> {
  // The old queue and agent are read in the same statement: who saw the ticket before.
  const old = await deps.db.maybeOne<{ old_queue: number | null; old_user: number | null }>(sql`
    update tickets t set ${set}, updated_at = now()
    from (select id as old_id, queue_id as old_queue, user_id as old_user from tickets
          where company_id = ${companyId} and id = ${ticketId} for update) old
    where t.id = old.old_id and ${where}
    returning old.old_queue, old.old_user`);
  if (!old) return null;
  const before = { queueId: old.old_queue, userId: old.old_user };
  const ticket = presentTicket((await findTicketRow(deps.db, companyId, ticketId))!);
  await announceTicketChange(deps, companyId, before, ticket);
  return { ticket, before };
}
