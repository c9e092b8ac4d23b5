/**
 * Ticket transitions (core §4): accept, return, resolve, reopen and transfer, with their
 * tracking steps and live events; what follows each (timers, the greeting on accept, the
 * transfer notice, the rating question or completion message) is the transition hooks'
 * (transition_hooks.ts; the list is services/hooks.ts).
 *
 *   pending --accept--> open (me)            open --return--> pending (nobody)
 *   open|pending --resolve--> closed (me)    closed --reopen--> open (me)
 *   open|pending --transfer(queue, user?)--> open (user) or pending (no user)
 *
 * A resolved ticket keeps its queue (the spec clears it): with no queue every agent of the
 * company would see it, and reports by queue would lose it. It records who resolved it.
 */
import { type Db, sql } from "../../lib/db/mod.ts";
import { uniqueViolation } from "../../lib/db/errors.ts";
import { AppError } from "../../lib/http/errors.ts";
import type { ServiceDeps } from "../deps.ts";
import { isAdmin } from "../accounts/permissions.ts";
import { assertQueueLinks } from "../queues/links.ts";
import { announceTicketChange, announceTicketDeleted } from "./announce.ts";

import { track, type TrackingStep } from "./tracking.ts";
import { showTicket, type Viewer } from "./read.ts";
import { findTicketRow, presentTicket, type Ticket } from "./rows.ts";
import type { TransitionKind } from "./types.ts";

export type TicketDeps =
  & Pick<ServiceDeps, "db" | "hub" | "media" | "clock">
  & Partial<Pick<ServiceDeps, "mediaLinks" | "log">>;

export interface TicketChange {
  status?: "pending" | "open" | "closed";
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number | null;
  useIntegration?: boolean;
  integrationId?: number | null;
  promptId?: number | null;
}

/** 404 unless the row exists in the viewer's company. */
async function assertInCompany(
  db: Db,
  companyId: number,
  table: "users" | "queues" | "whatsapps",
  id: number,
  code: string,
): Promise<void> {
  const row = await db.maybeOne(sql`
    select 1 from ${sql.raw(table)} where company_id = ${companyId} and id = ${id}`);
  if (!row) throw new AppError(code, 404);
}

/** The other ticket in progress that blocks this one: 409 with its agent and queue. */
export async function otherOpenTicket(
  db: Db,
  companyId: number,
  contactId: number,
  whatsappId: number | null,
  exceptId = 0,
): Promise<AppError | null> {
  const other = await db.maybeOne<
    {
      id: number;
      uuid: string;
      status: string;
      user_id: number | null;
      user_name: string | null;
      queue_id: number | null;
      queue_name: string | null;
    }
  >(sql`
    select t.id, t.uuid::text as uuid, t.status, t.user_id, u.name as user_name, t.queue_id,
           q.name as queue_name
    from tickets t left join users u on u.id = t.user_id left join queues q on q.id = t.queue_id
    where t.company_id = ${companyId} and t.contact_id = ${contactId}
      and t.whatsapp_id is not distinct from ${whatsappId} and t.status <> 'closed'
      and t.id <> ${exceptId}`);
  if (!other) return null;
  return new AppError("ERR_OTHER_OPEN_TICKET", 409, {
    ticket: {
      id: other.id,
      uuid: other.uuid,
      status: other.status,
      user: other.user_id ? { id: other.user_id, name: other.user_name } : null,
      queue: other.queue_id ? { id: other.queue_id, name: other.queue_name } : null,
    },
  });
}

/** What the change does, decided from the current ticket and the request. */
function decide(viewer: Viewer, current: Ticket, change: TicketChange) {
  const transfer = change.queueId !== undefined && change.status !== "closed" &&
    (change.queueId !== current.queueId ||
      (change.userId !== undefined && change.userId !== current.userId) ||
      (change.whatsappId !== undefined && change.whatsappId !== current.whatsappId));
  if (transfer) {
    if (change.queueId === null) throw new AppError("ERR_QUEUE_REQUIRED", 400);
    const userId = change.userId ?? null;
    return {
      kind: "transfer" as const,
      status: userId === null ? "pending" as const : "open" as const,
      userId,
      queueId: change.queueId!,
    };
  }
  const status = change.status ?? current.status;
  if (status === "closed") return { kind: "resolve" as const, status, userId: viewer.userId };
  if (status === "open" && current.status === "pending") {
    const userId = isAdmin(viewer) ? change.userId ?? viewer.userId : viewer.userId;
    return { kind: "accept" as const, status, userId };
  }
  if (status === "open" && current.status === "closed") {
    return { kind: "reopen" as const, status, userId: viewer.userId };
  }
  if (status === "pending" && current.status === "open") {
    return { kind: "return" as const, status, userId: null };
  }
  return { kind: "edit" as const, status, userId: change.userId ?? current.userId };
}

export async function updateTicket(
  deps: TicketDeps & Pick<ServiceDeps, "transitions">,
  viewer: Viewer,
  ticketId: number,
  change: TicketChange,
): Promise<Ticket> {
  const { db } = deps;
  const companyId = viewer.companyId;
  const current = await showTicket(db, viewer, { id: ticketId });
  // An open conversation is its agent's; other agents may not take or close it.
  if (current.status === "open" && current.userId !== viewer.userId && !isAdmin(viewer)) {
    throw new AppError("ERR_NO_PERMISSION", 403);
  }
  const next = decide(viewer, current, change);
  if (next.userId !== null && next.userId !== current.userId) {
    await assertInCompany(db, companyId, "users", next.userId, "ERR_NO_USER_FOUND");
  }
  const queueId = next.kind === "transfer" ? next.queueId : current.queueId;
  if (queueId !== null && queueId !== current.queueId) {
    await assertInCompany(db, companyId, "queues", queueId, "ERR_NO_QUEUE_FOUND");
  }
  const whatsappId = change.whatsappId ?? current.whatsappId;
  if (whatsappId !== null && whatsappId !== current.whatsappId) {
    await assertInCompany(db, companyId, "whatsapps", whatsappId, "ERR_NO_WAPP_FOUND");
  }
  const closing = next.kind === "resolve";
  if (!closing) await assertQueueLinks(db, companyId, change);
  try {
    await db.run(sql`
      update tickets
      set status = ${next.status}, user_id = ${next.userId}, queue_id = ${queueId},
          whatsapp_id = ${whatsappId},
          -- The bot stops when a person takes the conversation or it ends.
          chatbot = ${next.kind === "edit" || next.kind === "return" ? current.chatbot : false},
          queue_option_id = case when ${next.kind === "edit"} then queue_option_id end,
          use_integration = ${closing ? false : change.useIntegration ?? false},
          integration_id = ${closing ? null : change.integrationId ?? null},
          prompt_id = ${closing ? null : change.promptId ?? null},
          unread_messages = ${closing ? 0 : current.unreadMessages},
          -- A reopened conversation no longer waits for the customer's rating.
          rating_asked_at = case when ${next.kind === "reopen"} then null else rating_asked_at end,
          rating_retries = case when ${next.kind === "reopen"} then 0 else rating_retries end,
          updated_at = now()
      where company_id = ${companyId} and id = ${ticketId}`);
  } catch (error) {
    // Reopening (or moving) onto a contact and connection that already have one in progress.
    if (!uniqueViolation(error)) throw error;
    throw await otherOpenTicket(db, companyId, current.contactId, whatsappId, ticketId) ??
      new AppError("ERR_OTHER_OPEN_TICKET", 409);
  }
  const ticket = presentTicket((await findTicketRow(db, companyId, ticketId))!);
  await trackTransition(db, companyId, next.kind, ticket, deps.clock.now());
  await announceTicketChange(deps, companyId, current, ticket);
  // Timers and the customer's automatic messages (greeting, notice, rating).
  await deps.transitions.run(
    { companyId, kind: next.kind, before: current, after: ticket },
    deps.log,
  );
  return ticket;
}

/** The dashboard's step of each transition (tracking.ts); a return or an edit is none. */
async function trackTransition(
  db: Db,
  companyId: number,
  kind: TransitionKind,
  ticket: Ticket,
  now: Date,
): Promise<void> {
  const facts = { queueId: ticket.queueId, userId: ticket.userId };
  const transferred: TrackingStep[] = ticket.userId === null
    ? ["transferred"]
    : ["transferred", "accepted"];
  const steps: Record<TransitionKind, TrackingStep[]> = {
    accept: ["accepted"],
    reopen: ["accepted"],
    transfer: transferred,
    resolve: ["finished"],
    return: [],
    edit: [],
  };
  for (const step of steps[kind]) await track(db, companyId, ticket.id, step, now, facts);
}

/** Deletes a ticket and its messages (admins only, checked by the route). */
export async function deleteTicket(deps: TicketDeps, viewer: Viewer, ticketId: number) {
  const ticket = await showTicket(deps.db, viewer, { id: ticketId });
  await deps.db.run(sql`
    delete from tickets where company_id = ${viewer.companyId} and id = ${ticketId}`);
  await announceTicketDeleted(deps, viewer.companyId, ticket);
}
