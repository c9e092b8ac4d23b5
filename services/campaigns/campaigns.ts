/**
 * Campaigns (admin §2, §3, §4, §7): the form's fields, the state machine and its edit window.
 *
 *   create: a `scheduledAt` makes it PROGRAMADA, none INATIVA (a draft that never runs);
 *   PROGRAMADA → EM_ANDAMENTO when its time comes (the sweep, services/campaigns/sweep.ts,
 *     also for a time that passed while the server was down);
 *   EM_ANDAMENTO → FINALIZADA once every shipment is delivered, failed or expired;
 *   EM_ANDAMENTO → CANCELADA by cancel; CANCELADA → EM_ANDAMENTO by restart.
 *
 * Editable: INATIVA, or PROGRAMADA more than an hour ahead, or CANCELADA (admin §4). Delete
 * is refused while it runs.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { containsPattern, pageClause, pageOf } from "../../lib/db/paging.ts";
import { AppError } from "../../lib/http/errors.ts";
import type { ServiceDeps } from "../deps.ts";
import { publishCampaign } from "./events.ts";
import { CAMPAIGN_COLUMNS, CAMPAIGN_FROM, lockCampaign, showCampaign } from "./queries.ts";
import { replanRemaining, withdrawUnsent } from "./shipping.ts";
import type { Campaign, CampaignInput } from "./types.ts";

export type CampaignDeps = Pick<ServiceDeps, "db" | "hub" | "clock" | "media">;

/** Admin §4: a scheduled campaign may be changed until an hour before it starts. */
export const EDIT_WINDOW_MS = 60 * 60 * 1000;

export { showCampaign };

export async function listCampaigns(
  db: Queryable,
  companyId: number,
  query: { searchParam: string; pageNumber: number },
): Promise<{ records: Campaign[]; hasMore: boolean }> {
  const search = query.searchParam
    ? sql`and lower(c.name) like ${containsPattern(query.searchParam)}`
    : sql.empty;
  const rows = await db.query<Campaign>(sql`
    select ${CAMPAIGN_COLUMNS} from ${CAMPAIGN_FROM}
    where c.company_id = ${companyId} ${search}
    order by c.id desc ${pageClause(query.pageNumber)}`);
  const page = pageOf(rows);
  // Through showCampaign's presentation: one shape for every answer.
  return {
    records: await Promise.all(page.rows.map((r) => showCampaign(db, companyId, r.id))),
    hasMore: page.hasMore,
  };
}

export function isEditable(
  campaign: { status: string; scheduledAt: Date | string | null },
  now: Date,
): boolean {
  if (campaign.status === "INATIVA" || campaign.status === "CANCELADA") return true;
  if (campaign.status !== "PROGRAMADA" || !campaign.scheduledAt) return false;
  return new Date(campaign.scheduledAt).getTime() - now.getTime() > EDIT_WINDOW_MS;
}

/** The ids the form names must be this company's; a tag list becomes a contact list. */
async function resolveReferences(
  tx: Queryable,
  companyId: number,
  input: CampaignInput,
): Promise<CampaignInput> {
  const owned = async (table: string, id: number | null, code: string) => {
    if (id === null) return;
    const found = await tx.maybeOne(sql`
      select 1 from ${sql.ident(table)} where company_id = ${companyId} and id = ${id}`);
    if (!found) throw new AppError(code, 404);
  };
  await owned("whatsapps", input.whatsappId, "ERR_NO_WAPP_FOUND");
  await owned("contact_lists", input.contactListId, "ERR_NO_CONTACT_LIST_FOUND");
  await owned("files", input.fileListId, "ERR_NO_FILE_FOUND");
  await owned("tags", input.tagListId, "ERR_NO_TAG_FOUND");
  if (input.tagListId === null) return input;
  return { ...input, contactListId: await contactListOfTag(tx, companyId, input) };
}

/**
 * A new contact list of the contacts whose tickets carry the tag (the original's "TAG"
 * lists): conversation contacts are on WhatsApp, so they are valid; groups are left out.
 */
async function contactListOfTag(tx: Queryable, companyId: number, input: CampaignInput) {
  const tag = await tx.one<{ name: string }>(sql`
    select name from tags where company_id = ${companyId} and id = ${input.tagListId}`);
  const list = await tx.one<{ id: number }>(sql`
    insert into contact_lists (company_id, name)
    values (${companyId}, ${`${input.name} | TAG: ${tag.name}`.slice(0, 120)}) returning id`);
  await tx.run(sql`
    insert into contact_list_items (company_id, contact_list_id, name, number, email,
                                    is_whatsapp_valid)
    select distinct on (ct.number) ${companyId}, ${list.id}, ct.name, ct.number,
           coalesce(ct.email, ''), true
    from ticket_tags tt
    join tickets t on t.id = tt.ticket_id and t.company_id = ${companyId}
    join contacts ct on ct.id = t.contact_id and not ct.is_group
    where tt.tag_id = ${input.tagListId} and tt.company_id = ${companyId}
    order by ct.number
    on conflict (contact_list_id, number) do nothing`);
  return list.id;
}

/** What starting needs: a connection, an audience and something to say. */
function assertReadyToSchedule(input: CampaignInput) {
  if (input.scheduledAt === null) return;
  const fields: Record<string, string> = {};
  if (input.whatsappId === null) fields.whatsappId = "ERR_CAMPAIGN_NO_CONNECTION";
  if (input.contactListId === null && input.tagListId === null) {
    fields.contactListId = "ERR_CAMPAIGN_NO_CONTACT_LIST";
  }
  const messages = [input.message1, input.message2, input.message3, input.message4, input.message5];
  if (messages.every((m) => m.trim() === "")) fields.message1 = "ERR_CAMPAIGN_NO_MESSAGE";
  if (Object.keys(fields).length > 0) throw new AppError("ERR_VALIDATION", 400, { fields });
}

function columnsOf(input: CampaignInput) {
  return sql`
    name = ${input.name}, message1 = ${input.message1}, message2 = ${input.message2},
    message3 = ${input.message3}, message4 = ${input.message4}, message5 = ${input.message5},
    confirmation_message1 = ${input.confirmationMessage1},
    confirmation_message2 = ${input.confirmationMessage2},
    confirmation_message3 = ${input.confirmationMessage3},
    confirmation_message4 = ${input.confirmationMessage4},
    confirmation_message5 = ${input.confirmationMessage5},
    confirmation = ${input.confirmation}, scheduled_at = ${input.scheduledAt},
    whatsapp_id = ${input.whatsappId}, contact_list_id = ${input.contactListId},
    tag_list_id = ${input.tagListId}, file_list_id = ${input.fileListId}, updated_at = now()`;
}

export async function createCampaign(
  deps: CampaignDeps,
  companyId: number,
  input: CampaignInput,
): Promise<Campaign> {
  assertReadyToSchedule(input);
  const id = await deps.db.transaction(async (tx) => {
    const resolved = await resolveReferences(tx, companyId, input);
    const row = await tx.one<{ id: number }>(sql`
      insert into campaigns (company_id, name, status)
      values (${companyId}, ${input.name}, ${input.scheduledAt ? "PROGRAMADA" : "INATIVA"})
      returning id`);
    await tx.run(sql`update campaigns set ${columnsOf(resolved)} where id = ${row.id}`);
    return row.id;
  });
  const record = await showCampaign(deps.db, companyId, id);
  await publishCampaign(deps, companyId, { action: "create", record });
  return record;
}

export async function updateCampaign(
  deps: CampaignDeps,
  companyId: number,
  id: number,
  input: CampaignInput,
): Promise<Campaign> {
  await deps.db.transaction(async (tx) => {
    const current = await lockCampaign(tx, companyId, id);
    if (!isEditable(current, deps.clock.now())) {
      throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE", 409);
    }
    // A cancelled campaign keeps its state: its edits apply to a restart.
    if (current.status !== "CANCELADA") assertReadyToSchedule(input);
    const resolved = await resolveReferences(tx, companyId, input);
    const status = current.status === "CANCELADA"
      ? "CANCELADA"
      : input.scheduledAt
      ? "PROGRAMADA"
      : "INATIVA";
    await tx.run(sql`update campaigns set ${columnsOf(resolved)}, status = ${status}
                     where company_id = ${companyId} and id = ${id}`);
  });
  const record = await showCampaign(deps.db, companyId, id);
  await publishCampaign(deps, companyId, { action: "update", record });
  return record;
}

export async function deleteCampaign(deps: CampaignDeps, companyId: number, id: number) {
  const mediaPath = await deps.db.transaction(async (tx) => {
    const current = await lockCampaign(tx, companyId, id);
    if (current.status === "EM_ANDAMENTO") throw new AppError("ERR_CAMPAIGN_RUNNING", 409);
    await tx.run(sql`delete from campaigns where company_id = ${companyId} and id = ${id}`);
    return current.mediaPath;
  });
  if (mediaPath) await deps.media.remove(mediaPath);
  await publishCampaign(deps, companyId, { action: "delete", id });
}

/** EM_ANDAMENTO → CANCELADA; what was waiting in the outbox is taken back. */
export async function cancelCampaign(deps: CampaignDeps, companyId: number, id: number) {
  await deps.db.transaction(async (tx) => {
    const current = await lockCampaign(tx, companyId, id);
    if (current.status !== "EM_ANDAMENTO") throw new AppError("ERR_CAMPAIGN_NOT_RUNNING", 409);
    await tx.run(sql`update campaigns set status = 'CANCELADA', paused_at = null,
                     updated_at = now() where id = ${id}`);
    await withdrawUnsent(tx, id);
  });
  const record = await showCampaign(deps.db, companyId, id);
  await publishCampaign(deps, companyId, { action: "update", record });
  return record;
}

/** CANCELADA → EM_ANDAMENTO; the shipments not sent are planned again from now. */
export async function restartCampaign(deps: CampaignDeps, companyId: number, id: number) {
  await deps.db.transaction(async (tx) => {
    const current = await lockCampaign(tx, companyId, id);
    if (current.status !== "CANCELADA") throw new AppError("ERR_CAMPAIGN_NOT_CANCELLED", 409);
    await tx.run(sql`update campaigns set status = 'EM_ANDAMENTO', completed_at = null,
                     updated_at = now() where id = ${id}`);
    await replanRemaining(tx, companyId, id, deps.clock.now());
  });
  const record = await showCampaign(deps.db, companyId, id);
  await publishCampaign(deps, companyId, { action: "update", record });
  return record;
}

export const CAMPAIGN_MEDIA_AREA = "campaigns";

export async function attachCampaignMedia(
  deps: CampaignDeps,
  companyId: number,
  id: number,
  file: File,
): Promise<Campaign> {
  await deps.db.transaction((tx) => lockCampaign(tx, companyId, id));
  const stored = await deps.media.save(companyId, CAMPAIGN_MEDIA_AREA, file);
  let previous: string | null;
  try {
    previous = await deps.db.transaction(async (tx) => {
      const current = await lockCampaign(tx, companyId, id);
      await tx.run(sql`update campaigns set media_path = ${stored.path},
                       media_name = ${stored.name}, updated_at = now() where id = ${id}`);
      return current.mediaPath;
    });
  } catch (error) {
    await deps.media.remove(stored.path);
    throw error;
  }
  if (previous) await deps.media.remove(previous);
  const record = await showCampaign(deps.db, companyId, id);
  await publishCampaign(deps, companyId, { action: "update", record });
  return record;
}

export async function detachCampaignMedia(deps: CampaignDeps, companyId: number, id: number) {
  const previous = await deps.db.transaction(async (tx) => {
    const current = await lockCampaign(tx, companyId, id);
    await tx.run(sql`update campaigns set media_path = null, media_name = null,
                     updated_at = now() where id = ${id}`);
    return current.mediaPath;
  });
  if (previous) await deps.media.remove(previous);
  const record = await showCampaign(deps.db, companyId, id);
  await publishCampaign(deps, companyId, { action: "update", record });
  return record;
}
