/** Reading campaigns as the API shows them. */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import type { Campaign } from "./types.ts";

export const CAMPAIGN_COLUMNS = sql`
  c.id, c.name, c.message1, c.message2, c.message3, c.message4, c.message5,
  c.confirmation_message1 as "confirmationMessage1",
  c.confirmation_message2 as "confirmationMessage2",
  c.confirmation_message3 as "confirmationMessage3",
  c.confirmation_message4 as "confirmationMessage4",
  c.confirmation_message5 as "confirmationMessage5",
  c.confirmation, c.status, c.scheduled_at as "scheduledAt", c.completed_at as "completedAt",
  c.whatsapp_id as "whatsappId", c.contact_list_id as "contactListId",
  c.tag_list_id as "tagListId", c.file_list_id as "fileListId", c.company_id as "companyId",
  c.media_path as "mediaPath", c.media_name as "mediaName", c.paused_at as "pausedAt",
  c.created_at as "createdAt", c.updated_at as "updatedAt",
  case when l.id is null then null else jsonb_build_object('id', l.id, 'name', l.name) end
    as "contactList",
  case when w.id is null then null
       else jsonb_build_object('id', w.id, 'name', w.name, 'status', w.status) end as "whatsapp"`;

export const CAMPAIGN_FROM = sql`
  campaigns c
  left join contact_lists l on l.id = c.contact_list_id
  left join whatsapps w on w.id = c.whatsapp_id`;

function present(row: Campaign): Campaign {
  const iso = (value: unknown) => value === null ? null : new Date(value as string).toISOString();
  return {
    ...row,
    scheduledAt: iso(row.scheduledAt),
    completedAt: iso(row.completedAt),
    pausedAt: iso(row.pausedAt),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

export async function findCampaign(
  db: Queryable,
  companyId: number,
  id: number,
): Promise<Campaign | undefined> {
  const row = await db.maybeOne<Campaign>(sql`
    select ${CAMPAIGN_COLUMNS} from ${CAMPAIGN_FROM}
    where c.company_id = ${companyId} and c.id = ${id}`);
  return row && present(row);
}

export async function showCampaign(db: Queryable, companyId: number, id: number) {
  const campaign = await findCampaign(db, companyId, id);
  if (!campaign) throw new AppError("ERR_NO_CAMPAIGN_FOUND", 404);
  return campaign;
}

export async function queryCampaigns(db: Queryable, where: ReturnType<typeof sql>) {
  return (await db.query<Campaign>(sql`
    select ${CAMPAIGN_COLUMNS} from ${CAMPAIGN_FROM} where ${where}`)).map(present);
}

/** Locks a campaign row for a change of state; 404 when it is not the company's. */
export async function lockCampaign(tx: Queryable, companyId: number, id: number) {
  const row = await tx.maybeOne<
    { status: string; scheduledAt: Date | null; mediaPath: string | null }
  >(
    sql`select status, scheduled_at as "scheduledAt", media_path as "mediaPath" from campaigns
        where company_id = ${companyId} and id = ${id} for update`,
  );
  if (!row) throw new AppError("ERR_NO_CAMPAIGN_FOUND", 404);
  return row;
}
