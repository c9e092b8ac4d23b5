/**
 * The campaign sweep: a domain job (`sweep:campaign.sweep`, every second, one run at a time
 * across instances) that moves every campaign forward from its rows alone.
 *
 * Why a sweep and not a job per shipment or a pre-filled outbox: shipments are rows with a
 * due time already (10,000 of them cost one indexed range read per second, not 10,000 job
 * rows); the outbox is filled only with what is due, so a cancel, a disconnected phone or a
 * restart never has thousands of messages to take back and a resume keeps its spacing; and
 * every step below is one transaction on rows, so a crash at any point leaves either the
 * step done or not done, never half, and the next run (on any instance) carries on.
 *
 *  1. PROGRAMADA campaigns whose time has come, also long past (the original never picked
 *     those up), start: shipments made and planned from now.
 *  2. A running campaign whose connection is not connected pauses; a paused one whose
 *     connection is back resumes, its remaining shipments planned again from now.
 *  3. Due shipments go to the outbox, in batches of 500, at most 2,000 per run.
 *  4. Outcomes come back from the outbox rows: the confirmation request's send stamps
 *     `confirmationRequestedAt`, the campaign message's `deliveredAt`, a give-up `failedAt`;
 *     confirmation requests unanswered for a day expire.
 *  5. A campaign whose shipments are all delivered, failed or expired is FINALIZADA.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import type { Sweep } from "../../lib/jobs/mod.ts";
import type { ServiceDeps } from "../deps.ts";
import { OUTBOX_OUTCOMES } from "../outbox/mod.ts";
import { publishCampaign } from "./events.ts";
import { queryCampaigns } from "./queries.ts";
import { countsOf } from "./report.ts";
import { dispatchDue, replanRemaining, startCampaign } from "./shipping.ts";

export const CAMPAIGN_SWEEP: Sweep = { kind: "campaign.sweep", cron: "* * * * * *" };

/** Shipments queued per transaction; the run goes on while full batches come back. */
const DISPATCH_BATCH = 500;
const MAX_BATCHES_PER_RUN = 4;
/** A confirmation request unanswered this long no longer holds the campaign open. */
export const CONFIRMATION_EXPIRES_MS = 24 * 60 * 60 * 1000;

export type SweepDeps = Pick<ServiceDeps, "db" | "hub" | "clock">;

export async function sweepCampaigns(deps: SweepDeps): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now();
  const touched = new Set<number>();
  for (const id of await startDue(db, now)) touched.add(id);
  for (const id of await pauseOrResume(db, now)) touched.add(id);
  // A bounded run (the next one comes a second later) keeps every run far below the
  // runner's stale time, so a run is never taken for an abandoned one.
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const ids = await db.transaction((tx) => dispatchDue(tx, now, DISPATCH_BATCH));
    ids.forEach((id) => touched.add(id));
    if (ids.length === 0) break;
    const left = await db.maybeOne(sql`
      select 1 from campaign_shippings s join campaigns c on c.id = s.campaign_id
      where s.queued_at is null and s.planned_at <= ${now}::timestamptz
        and c.status = 'EM_ANDAMENTO' and c.paused_at is null limit 1`);
    if (!left) break;
  }
  for (const id of await recordOutcomes(db, now)) touched.add(id);
  const finished = await finishDone(db, now);
  await announce(deps, [...touched], finished);
}

async function startDue(db: ServiceDeps["db"], now: Date): Promise<number[]> {
  const started: number[] = [];
  for (;;) {
    const id = await db.transaction(async (tx) => {
      const campaign = await tx.maybeOne<
        { id: number; company_id: number; contact_list_id: number | null; confirmation: boolean }
      >(sql`
        select * from campaigns
        where status = 'PROGRAMADA' and scheduled_at <= ${now}::timestamptz
        order by scheduled_at limit 1 for update skip locked`);
      if (!campaign) return undefined;
      await startCampaign(tx, campaign, now);
      return campaign.id;
    });
    if (id === undefined) return started;
    started.push(id);
  }
}

async function pauseOrResume(db: ServiceDeps["db"], now: Date): Promise<number[]> {
  const paused = await db.query<{ id: number }>(sql`
    update campaigns c set paused_at = ${now}::timestamptz, updated_at = now()
    from whatsapps w
    where w.id = c.whatsapp_id and c.status = 'EM_ANDAMENTO' and c.paused_at is null
      and w.status <> 'CONNECTED'
    returning c.id`);
  const resumed = await db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number; company_id: number }>(sql`
      update campaigns c set paused_at = null, updated_at = now()
      from whatsapps w
      where w.id = c.whatsapp_id and c.status = 'EM_ANDAMENTO' and c.paused_at is not null
        and w.status = 'CONNECTED'
      returning c.id, c.company_id`);
    for (const row of rows) await replanRemaining(tx, row.company_id, row.id, now);
    return rows;
  });
  return [...paused, ...resumed].map((r) => r.id);
}

/** Step 4: outbox outcomes onto the shipments; answers the campaigns that moved. */
async function recordOutcomes(db: Queryable, now: Date): Promise<number[]> {
  const at = sql`${now}::timestamptz`;
  const rows = await db.query<{ campaign_id: number }>(sql`
    with open as (
      select s.id, s.confirmation_outbox_id, s.message_outbox_id, s.confirmation_requested_at,
             s.confirmed_at
      from campaign_shippings s join campaigns c on c.id = s.campaign_id
      where c.status in ('EM_ANDAMENTO', 'CANCELADA') and s.queued_at is not null
        and s.delivered_at is null and s.failed_at is null and s.expired_at is null
    ),
    outcome as (
      select open.id,
             case when co.status = 'sent' and open.confirmation_requested_at is null
                  then coalesce(co.sent_at, ${at}) end as requested,
             case when mo.status = 'sent' then coalesce(mo.sent_at, ${at}) end as delivered,
             case when co.status = 'failed' and open.confirmation_requested_at is null
                    or mo.status = 'failed' then coalesce(mo.last_error, co.last_error, 'failed') end
               as failure,
             open.confirmation_requested_at is not null and open.confirmed_at is null
               and open.confirmation_requested_at
                 < ${at} - make_interval(secs => ${CONFIRMATION_EXPIRES_MS / 1000}) as expired
      from open
      left join ${OUTBOX_OUTCOMES} co on co.id = open.confirmation_outbox_id
      left join ${OUTBOX_OUTCOMES} mo on mo.id = open.message_outbox_id
    )
    update campaign_shippings s
    set confirmation_requested_at = coalesce(s.confirmation_requested_at, o.requested),
        delivered_at = o.delivered,
        failed_at = case when o.failure is not null then ${at} end,
        failure = o.failure,
        expired_at = case when o.expired and o.delivered is null then ${at} end
    from outcome o
    where s.id = o.id
      and (o.requested is not null or o.delivered is not null or o.failure is not null
           or o.expired)
    returning s.campaign_id`);
  return [...new Set(rows.map((r) => r.campaign_id))];
}

async function finishDone(db: Queryable, now: Date): Promise<number[]> {
  const rows = await db.query<{ id: number }>(sql`
    update campaigns c set status = 'FINALIZADA', completed_at = ${now}::timestamptz,
                           paused_at = null, updated_at = now()
    where c.status = 'EM_ANDAMENTO'
      and not exists (select 1 from campaign_shippings s where s.campaign_id = c.id
                        and s.delivered_at is null and s.failed_at is null
                        and s.expired_at is null)
    returning c.id`);
  return rows.map((r) => r.id);
}

async function announce(deps: SweepDeps, touched: number[], finished: number[]) {
  const ids = [...new Set([...touched, ...finished])];
  if (ids.length === 0 || !deps.hub) return;
  const campaigns = await queryCampaigns(deps.db, sql`c.id = any(${ids}::int[])`);
  const counts = await countsOf(deps.db, ids);
  for (const record of campaigns) {
    await publishCampaign(deps, record.companyId, { action: "update", record });
    await publishCampaign(deps, record.companyId, {
      action: "progress",
      id: record.id,
      counts: counts.get(record.id)!,
      status: record.status,
    });
  }
}
