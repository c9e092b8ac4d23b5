/**
 * What a customer's message means for campaigns (an inbound hook, services/tickets/types.ts),
 * §4.12 done right:
 *
 * - A reply from a number whose confirmation request went out, in a running campaign on the
 *   same connection, is the confirmation: `confirmedAt` is stamped and the campaign message
 *   is queued at once (the original stamped `deliveredAt` for the request itself and then
 *   finished the campaign before anyone confirmed).
 * - The reply itself went the usual way: a new pending ticket, or the customer's ticket in
 *   progress, untouched. A new ticket is given the campaign message the customer answers, at
 *   its time, so the agent sees what the reply is about.
 */
import { sql } from "../../lib/db/mod.ts";
import type { ServiceDeps } from "../deps.ts";
import { attachCampaignMessage, type InboundHook, type InboundMessage } from "../tickets/mod.ts";
import { queueCampaignMessage } from "./shipping.ts";

export function campaignReplyHook(deps: Pick<ServiceDeps, "db" | "clock">): InboundHook {
  return {
    name: "campaign-replies",
    async run(received) {
      const connectionId = received.ticket.whatsappId;
      if (connectionId === null || received.ticket.isGroup) return;
      await confirmWaiting(deps, received, connectionId);
      if (received.created) await showCampaignMessage(deps, received, connectionId);
    },
  };
}

async function confirmWaiting(
  deps: Pick<ServiceDeps, "db" | "clock">,
  received: InboundMessage,
  connectionId: number,
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const waiting = await tx.query<{
      id: number;
      company_id: number;
      campaign_id: number;
      number: string;
      message: string;
      whatsapp_id: number;
      media_path: string | null;
      media_name: string | null;
      file_list_id: number | null;
    }>(sql`
      select s.id, s.company_id, s.campaign_id, s.number, s.message, c.whatsapp_id,
             c.media_path, c.media_name, c.file_list_id
      from campaign_shippings s join campaigns c on c.id = s.campaign_id
      where s.company_id = ${received.companyId} and s.number = ${received.contact.number}
        and s.confirmation_outbox_id is not null and s.confirmed_at is null
        and s.expired_at is null and s.failed_at is null
        and c.status = 'EM_ANDAMENTO' and c.whatsapp_id = ${connectionId}
      for update of s skip locked`);
    for (const row of waiting) {
      await tx.run(sql`update campaign_shippings set confirmed_at = ${now}::timestamptz
                       where id = ${row.id}`);
      await queueCampaignMessage(tx, row, now);
    }
  });
}

async function showCampaignMessage(
  deps: Pick<ServiceDeps, "db">,
  received: InboundMessage,
  connectionId: number,
) {
  const answered = await deps.db.maybeOne<
    { message_wid: string; message: string; delivered_at: Date | string }
  >(sql`
    select s.message_wid, s.message, s.delivered_at
    from campaign_shippings s join campaigns c on c.id = s.campaign_id
    where s.company_id = ${received.companyId} and s.number = ${received.contact.number}
      and c.whatsapp_id = ${connectionId} and s.delivered_at is not null
      and s.message_wid is not null
    order by s.delivered_at desc limit 1`);
  if (!answered) return;
  await attachCampaignMessage(deps.db, {
    companyId: received.companyId,
    ticketId: received.ticket.id,
    contactId: received.contact.id,
    connectionId,
    wid: answered.message_wid,
    body: answered.message,
    deliveredAt: answered.delivered_at,
  });
}
