/**
 * The ticket timers' job handlers (timers.ts): each loads the ticket and acts only if its
 * condition still holds, with a guarded update, so a run repeated after a crash does nothing.
 */
import type { Job, JobHandler } from "../../lib/jobs/mod.ts";
import type { ServiceDeps } from "../deps.ts";
import { optionOn } from "../settings/company_options.ts";
import { closeTicket, handToQueue, sendSystemMessage } from "../tickets/mod.ts";
import { ratingWindowOver } from "./rating.ts";
import { type FlowDeps, loadFlowTicket, recipientOf } from "./state.ts";
import { cancelTimers, TIMER_KINDS } from "./timers.ts";
import { transferNotice } from "./transitions.ts";

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
  const now = deps.clock.now();
  const moved = await handToQueue(deps, companyId, ticketId, {
    queueId: target,
    now,
    onlyIfElsewhere: true,
  });
  if (!moved) return;
  if (await optionOn(deps.db, companyId, "sendMsgTransfTicket")) {
    const notice = transferNotice(moved.before, moved.ticket);
    if (notice) await sendSystemMessage(deps, companyId, moved.ticket, notice, { now });
  }
}

/** `expiresTicket` minutes of customer silence: the open ticket closes with its message. */
async function expireSilent(deps: FlowDeps, job: Job) {
  const { companyId, ticketId } = ticketOf(job);
  const flow = await loadFlowTicket(deps.db, companyId, ticketId);
  if (!flow || flow.status !== "open" || flow.isGroup) return;
  const now = deps.clock.now();
  const closed = await closeTicket(deps, companyId, ticketId, { now, onlyIfOpen: true });
  if (!closed) return;
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
