/**
 * The report page's figures (admin §2 "Report page with a progress bar and counters"):
 * planned, queued, delivered, confirmation requested, confirmed, failed and expired, plus a
 * page of shipments. One grouped query; the sweep publishes the same counts live.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { pageClause, pageOf } from "../../lib/db/paging.ts";
import { showCampaign } from "./queries.ts";
import type { Campaign } from "./types.ts";

export interface CampaignCounts {
  planned: number;
  queued: number;
  delivered: number;
  confirmationRequested: number;
  confirmed: number;
  failed: number;
  expired: number;
}

export interface Shipment {
  id: number;
  number: string;
  name: string;
  plannedAt: string;
  confirmationRequestedAt: string | null;
  confirmedAt: string | null;
  deliveredAt: string | null;
  failedAt: string | null;
  expiredAt: string | null;
}

export interface CampaignReport {
  campaign: Campaign;
  counts: CampaignCounts;
  shipping: Shipment[];
  hasMore: boolean;
}

export async function countsOf(db: Queryable, campaignIds: number[]) {
  const rows = await db.query<CampaignCounts & { campaignId: number }>(sql`
    select campaign_id as "campaignId", count(*)::int as planned,
           count(queued_at)::int as queued, count(delivered_at)::int as delivered,
           count(confirmation_requested_at)::int as "confirmationRequested",
           count(confirmed_at)::int as confirmed, count(failed_at)::int as failed,
           count(expired_at)::int as expired
    from campaign_shippings where campaign_id = any(${campaignIds}::int[])
    group by campaign_id`);
  const empty: CampaignCounts = {
    planned: 0,
    queued: 0,
    delivered: 0,
    confirmationRequested: 0,
    confirmed: 0,
    failed: 0,
    expired: 0,
  };
  return new Map(campaignIds.map((id) => {
    const row = rows.find((r) => r.campaignId === id);
    if (!row) return [id, { ...empty }];
    const { campaignId: _, ...counts } = row;
    return [id, counts];
  }));
}

export async function campaignReport(
  db: Queryable,
  companyId: number,
  id: number,
  pageNumber: number,
): Promise<CampaignReport> {
  const campaign = await showCampaign(db, companyId, id);
  const counts = (await countsOf(db, [id])).get(id)!;
  const rows = await db.query<Shipment>(sql`
    select s.id, s.number, i.name, s.planned_at as "plannedAt",
           s.confirmation_requested_at as "confirmationRequestedAt",
           s.confirmed_at as "confirmedAt", s.delivered_at as "deliveredAt",
           s.failed_at as "failedAt", s.expired_at as "expiredAt"
    from campaign_shippings s join contact_list_items i on i.id = s.contact_list_item_id
    where s.campaign_id = ${id} and s.company_id = ${companyId}
    order by s.position ${pageClause(pageNumber, 50)}`);
  const page = pageOf(rows, 50);
  return { campaign, counts, shipping: page.rows, hasMore: page.hasMore };
}
