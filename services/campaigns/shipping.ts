/**
 * A campaign's shipments: one row per (campaign, contact list item), unique, made when the
 * campaign starts with its text rendered and its due time planned (services/campaigns/
 * pacing.ts). Rows are the state; nothing lives in memory, so a crash or a restart of the
 * server resumes from the rows, and two instances never send one shipment twice:
 *
 * - a due row is claimed `for update skip locked` and, in the same transaction, its
 *   messages are written to the outbox (the one send path) and the row stamped `queued_at`;
 *   the transaction either commits both or neither;
 * - the outbox then sends each row once per WhatsApp id (services/outbox).
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { fileTypeOf } from "../../lib/media/types.ts";
import { enqueue, type OutboxMedia, withdraw } from "../outbox/mod.ts";
import { planOffsets } from "./pacing.ts";
import { renderCampaignText, variantAt } from "./render.ts";
import { campaignSettingsOf } from "./settings.ts";

/** Jitter source; tests replace it to pin the plan. */
export const random = { next: Math.random };

interface CampaignRow {
  id: number;
  company_id: number;
  contact_list_id: number | null;
  confirmation: boolean;
  [key: string]: unknown;
}

/**
 * PROGRAMADA → EM_ANDAMENTO: one shipment per valid item of the list (WhatsApp's answer not
 * "no"), planned from `now`. A list with nobody to send to finishes at once.
 */
export async function startCampaign(tx: Queryable, campaign: CampaignRow, now: Date) {
  const settings = await campaignSettingsOf(tx, campaign.company_id);
  const items = campaign.contact_list_id === null ? [] : await tx.query<
    { id: number; name: string; email: string; number: string }
  >(sql`
    select id, name, email, number from contact_list_items
    where contact_list_id = ${campaign.contact_list_id} and company_id = ${campaign.company_id}
      and is_whatsapp_valid is not false
    order by id`);
  const offsets = planOffsets(items.length, settings, random.next);
  const texts = [1, 2, 3, 4, 5].map((n) => String(campaign[`message${n}`] ?? ""));
  const confirmations = [1, 2, 3, 4, 5].map((n) =>
    String(campaign[`confirmation_message${n}`] ?? "")
  );
  const rows = items.map((item, position) => {
    const render = (text: string) => renderCampaignText(text, item, settings.variables);
    const confirmation = variantAt(confirmations, position);
    return {
      item: item.id,
      number: item.number,
      message: render(variantAt(texts, position)),
      confirmation: campaign.confirmation && confirmation ? render(confirmation) : null,
      plannedAt: new Date(now.getTime() + offsets[position]!).toISOString(),
      position,
    };
  });
  for (let start = 0; start < rows.length; start += 2000) {
    const batch = rows.slice(start, start + 2000);
    await tx.run(sql`
      insert into campaign_shippings (company_id, campaign_id, contact_list_item_id, number,
                                      message, confirmation_message, planned_at, position)
      select ${campaign.company_id}, ${campaign.id}, u.item, u.number, u.message, u.confirmation,
             u.planned_at, u.position
      from unnest(${batch.map((r) => r.item)}::int[], ${batch.map((r) => r.number)}::text[],
                  ${batch.map((r) => r.message)}::text[],
                  ${batch.map((r) => r.confirmation)}::text[],
                  ${batch.map((r) => r.plannedAt)}::timestamptz[],
                  ${batch.map((r) => r.position)}::int[])
        as u(item, number, message, confirmation, planned_at, position)
      on conflict (campaign_id, contact_list_item_id) do nothing`);
  }
  await tx.run(sql`
    update campaigns set status = 'EM_ANDAMENTO', paused_at = null, updated_at = now()
    where id = ${campaign.id}`);
}

/** The shipments not queued yet, planned again from `now` in their order, same spacing. */
export async function replanRemaining(tx: Queryable, companyId: number, id: number, now: Date) {
  const settings = await campaignSettingsOf(tx, companyId);
  const remaining = await tx.query<{ id: number }>(sql`
    select id from campaign_shippings where campaign_id = ${id} and queued_at is null
    order by position for update`);
  if (remaining.length === 0) return;
  const offsets = planOffsets(remaining.length, settings, random.next);
  await tx.run(sql`
    update campaign_shippings s set planned_at = u.planned_at
    from unnest(${remaining.map((r) => r.id)}::bigint[],
                ${offsets.map((o) => new Date(now.getTime() + o).toISOString())}::timestamptz[])
      as u(id, planned_at)
    where s.id = u.id`);
}

/**
 * Cancel: messages still waiting in the outbox are taken back and their shipments made
 * unsent again, so a restart sends them (and nothing goes out after the cancel).
 */
export async function withdrawUnsent(tx: Queryable, id: number) {
  const mine = await tx.query<
    { id: number; confirmation_outbox_id: number | null; message_outbox_id: number | null }
  >(sql`
    select s.id, s.confirmation_outbox_id, s.message_outbox_id from campaign_shippings s
    where s.campaign_id = ${id} and s.queued_at is not null and s.delivered_at is null
      and s.failed_at is null and s.confirmation_requested_at is null`);
  const queued = mine.flatMap((row) => [row.confirmation_outbox_id, row.message_outbox_id]);
  const withdrawn = await withdraw(tx, queued.filter((outboxId) => outboxId !== null));
  if (withdrawn.length === 0) return;
  await tx.run(sql`
    update campaign_shippings s
    set queued_at = null, confirmation_outbox_id = null, message_outbox_id = null,
        message_wid = null
    where s.campaign_id = ${id}
      and (s.confirmation_outbox_id = any(${withdrawn}::bigint[])
           or s.message_outbox_id = any(${withdrawn}::bigint[]))`);
}

interface DueRow {
  id: number;
  company_id: number;
  campaign_id: number;
  number: string;
  message: string;
  confirmation_message: string | null;
  whatsapp_id: number;
  media_path: string | null;
  media_name: string | null;
  file_list_id: number | null;
}

/**
 * Queues the due shipments (up to `limit`) of running, unpaused campaigns; answers the
 * campaigns touched. With confirmation on, only the confirmation request goes now.
 */
export async function dispatchDue(tx: Queryable, now: Date, limit: number): Promise<number[]> {
  const due = await tx.query<DueRow>(sql`
    select s.id, s.company_id, s.campaign_id, s.number, s.message, s.confirmation_message,
           c.whatsapp_id, c.media_path, c.media_name, c.file_list_id
    from campaign_shippings s join campaigns c on c.id = s.campaign_id
    where s.queued_at is null and s.planned_at <= ${now}::timestamptz
      and c.status = 'EM_ANDAMENTO' and c.paused_at is null and c.whatsapp_id is not null
    order by s.planned_at, s.id
    limit ${limit}
    for update of s skip locked`);
  for (const row of due) {
    if (row.confirmation_message !== null) {
      const queued = await enqueue(tx, {
        companyId: row.company_id,
        connectionId: row.whatsapp_id,
        to: { number: row.number },
        body: row.confirmation_message,
        origin: "campaign",
      });
      await tx.run(sql`update campaign_shippings set queued_at = ${now}::timestamptz,
                       confirmation_outbox_id = ${queued.outboxId} where id = ${row.id}`);
    } else {
      await queueCampaignMessage(tx, row, now);
    }
  }
  return [...new Set(due.map((row) => row.campaign_id))];
}

/**
 * The campaign message itself: the file list's files first, each its own message, then the
 * campaign's media with the text as caption, or the text alone (admin §2).
 */
export async function queueCampaignMessage(
  tx: Queryable,
  row: Omit<DueRow, "confirmation_message">,
  now: Date,
) {
  const base = {
    companyId: row.company_id,
    connectionId: row.whatsapp_id,
    to: { number: row.number },
    // Due now by the outbox's own time: the plan decided when, the sender sends at once.
    origin: "campaign" as const,
  };
  if (row.file_list_id !== null) {
    const files = await tx.query<{ path: string; media_name: string | null }>(sql`
      select path, media_name from file_options
      where file_id = ${row.file_list_id} and path is not null order by id`);
    for (const file of files) {
      await enqueue(tx, { ...base, body: "", media: mediaOf(file.path, file.media_name) });
    }
  }
  const media = row.media_path ? mediaOf(row.media_path, row.media_name) : undefined;
  const queued = await enqueue(tx, { ...base, body: row.message, media });
  await tx.run(sql`
    update campaign_shippings
    set queued_at = coalesce(queued_at, ${now}::timestamptz), message_outbox_id = ${queued.outboxId},
        message_wid = ${queued.wid}
    where id = ${row.id}`);
}

function mediaOf(path: string, name: string | null): OutboxMedia {
  const fileName = name ?? path.split("/").pop()!;
  const type = fileTypeOf(fileName);
  return {
    kind: type?.kind ?? "document",
    mimetype: type?.mime ?? "application/octet-stream",
    fileName,
    path,
  };
}
