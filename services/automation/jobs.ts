/**
 * The ticket timers' job handlers (timers.ts): each loads the ticket and acts only if its
 * condition still holds, with a guarded update, so a run repeated after a crash does nothing.
 */
import { sql } from "../../lib/db/mod.ts";
import type { JobHandler } from "../../lib/jobs/mod.ts";
import type { ServiceDeps } from "../deps.ts";
import { optionOn } from "../settings/company_options.ts";
import { sendSystemMessage } from "../tickets/outbound.ts";
import { track } from "../tickets/tracking.ts";
import { changeTicket, type FlowDeps } from "./moves.ts";
import { ratingWindowOver } from "./rating.ts";
import { loadFlowTicket, recipientOf } from "./state.ts";
import { cancelTimers, TIMER_KINDS } from "./timers.ts";
import { transferNotice } from "./transitions.ts";
import type { Job } from "../../lib/jobs/mod.ts";
import { findTicketRow, presentTicket } from "../tickets/rows.ts";

function ticketOf(job: Job) {
  return { companyId: Number(job.payload.companyId), ticketId: Number(job.payload.ticketId) };
}

/** `timeToTransfer` passed with nobody accepting: the ticket goes to `transferQueueId`. */
async function transferWaiting(deps: FlowDeps, job: Job) {
  const { companyId, ticketId } = ticketOf(job);
  const flow = await loadFlowTicket(deps.db, companyId, ticketId);
  const target = flow?.connection?.transferQueueId;
  if (!flow || !target || flow.status !== "pending" || flow.userId !== null) return;
  if (flow.queueId === target) return;
  const before = flow.queueId === null
    ? null
    : presentTicket((await findTicketRow(deps.db, companyId, ticketId))!);
  const moved = await changeTicket(
    deps,
    companyId,
    ticketId,
    sql`queue_id = ${target}, chatbot = false, queue_option_id = null`,
    sql`t.status = 'pending' and t.user_id is null and t.queue_id is distinct from ${target}`,
  );
  if (!moved) return;
  const now = deps.clock.now();
  await track(deps.db, companyId, ticketId, "transferred", now, { queueId: target });
  if (await optionOn(deps.db, companyId, "sendMsgTransfTicket")) {
    const notice = transferNotice(before ?? { ...moved, queueId: null, queue: null }, moved);
    if (notice) await sendSystemMessage(deps, companyId, moved, notice, { now });
  }
}

/** `expiresTicket` minutes of customer silence: the open ticket closes with its message. */
async function expireSilent(deps: FlowDeps, job: Job) {
  const { companyId, ticketId } = ticketOf(job);
  const flow = await loadFlowTicket(deps.db, companyId, ticketId);
  if (!flow || flow.status !== "open" || flow.isGroup) return;
  const closed = await changeTicket(
    deps,
    companyId,
    ticketId,
    sql`status = 'closed', unread_messages = 0, chatbot = false, queue_option_id = null`,
    sql`t.status = 'open'`,
  );
  if (!closed) return;
  const now = deps.clock.now();
  await track(deps.db, companyId, ticketId, "finished", now, { userId: flow.userId });
  await cancelTimers(deps.db, ticketId, "transfer");
  const text = flow.connection?.expiresInactiveMessage ?? "";
  await sendSystemMessage(deps, companyId, recipientOf(flow), text, { now });
}

async function ratingTimeout(deps: FlowDeps, job: Job) {
  const { companyId, ticketId } = ticketOf(job);
  const flow = await loadFlowTicket(deps.db, companyId, ticketId);
  if (flow) await ratingWindowOver(deps, flow);
}

/** The area's handlers by kind (services/job_handlers.ts lists this area). */
export const automationJobs = (deps: ServiceDeps): Record<string, JobHandler<ServiceDeps>> => ({
  [TIMER_KINDS.transfer]: (job) => transferWaiting(deps, job),
  [TIMER_KINDS.expire]: (job) => expireSilent(deps, job),
  [TIMER_KINDS.rating]: (job) => ratingTimeout(deps, job),
});
