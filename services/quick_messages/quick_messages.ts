/**
 * Quick messages (admin §7 "Quick messages"): shortcode templates that agents insert by
 * typing "/" in a ticket. The company and the user always come from the caller's principal.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { containsPattern, pageClause, pageOf } from "../../lib/db/paging.ts";
import { conflictOnDuplicate } from "../../lib/http/errors.ts";
import type { MediaLinks } from "../../lib/media/signed_url.ts";
import type { ServiceDeps } from "../deps.ts";
import { publishDeleted, publishSaved } from "./events.ts";
import {
  findVisible,
  lockForChange,
  type QuickMessage,
  selectVisible,
  type Who,
  withMediaLink,
} from "./queries.ts";

export { showQuickMessage } from "./queries.ts";
export type { QuickMessage } from "./queries.ts";

/** Attachments live in `media`; their addresses are signed with `mediaLinks`. */
export type QuickMessageDeps =
  & Pick<ServiceDeps, "db" | "hub" | "media">
  & Partial<Pick<ServiceDeps, "mediaLinks">>;

export interface QuickMessageInput {
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
}

/** A page of what the caller sees, optionally matching `searchParam` in shortcode or text. */
export async function listQuickMessages(
  db: Queryable,
  who: Who,
  query: { searchParam?: string; pageNumber: number },
  links?: MediaLinks,
): Promise<{ records: QuickMessage[]; hasMore: boolean }> {
  const search = query.searchParam?.trim();
  const pattern = search ? containsPattern(search) : undefined;
  const where = pattern
    ? sql`and (lower(q.shortcode) like ${pattern} or lower(q.message) like ${pattern})`
    : sql.empty;
  const rows = await db.query<QuickMessage>(
    selectVisible(who, where, pageClause(query.pageNumber)),
  );
  const page = pageOf(rows);
  return { records: page.rows.map((row) => withMediaLink(links, row)), hasMore: page.hasMore };
}

export type QuickMessageSuggestion = Pick<
  QuickMessage,
  "id" | "shortcode" | "message" | "mediaPath" | "mediaName" | "isMedia"
>;

/** Every active message the caller sees, for the ticket input's "/" suggestions. */
export async function listQuickMessageSuggestions(
  db: Queryable,
  who: Who,
  links?: MediaLinks,
): Promise<QuickMessageSuggestion[]> {
  const rows = await db.query<QuickMessage>(selectVisible(who, sql`and q.status`));
  const signed = rows.map((row) => withMediaLink(links, row));
  return signed.map(({ id, shortcode, message, mediaPath, mediaName, isMedia }) => ({
    id,
    shortcode,
    message,
    mediaPath,
    mediaName,
    isMedia,
  }));
}

export async function createQuickMessage(
  deps: QuickMessageDeps,
  who: Who,
  input: QuickMessageInput,
): Promise<QuickMessage> {
  const record = await conflictOnDuplicate(
    "ERR_DUPLICATED_QUICK_MESSAGE",
    () =>
      deps.db.transaction(async (tx) => {
        const { id } = await tx.one<{ id: number }>(sql`
        insert into quick_messages (company_id, user_id, shortcode, message, geral, status)
        values (${who.companyId}, ${who.userId}, ${input.shortcode}, ${input.message},
                ${input.geral}, ${input.status})
        returning id`);
        return withMediaLink(deps.mediaLinks, (await findVisible(tx, who, id))!);
      }),
  );
  await publishSaved(deps.hub, who.companyId, "create", record);
  return record;
}

export async function updateQuickMessage(
  deps: QuickMessageDeps,
  who: Who,
  id: number,
  input: Partial<QuickMessageInput>,
): Promise<QuickMessage> {
  const { record, wasGeral } = await conflictOnDuplicate(
    "ERR_DUPLICATED_QUICK_MESSAGE",
    () =>
      deps.db.transaction(async (tx) => {
        const current = await lockForChange(tx, who, id);
        await tx.run(sql`
        update quick_messages
        set shortcode = coalesce(${input.shortcode ?? null}, shortcode),
            message = coalesce(${input.message ?? null}, message),
            geral = coalesce(${input.geral ?? null}::boolean, geral),
            status = coalesce(${input.status ?? null}::boolean, status),
            updated_at = now()
        where id = ${id} and company_id = ${who.companyId}`);
        // Read as the owner: an admin who makes someone's shared message private no longer
        // sees it, but still gets the saved record back.
        const owner = { ...who, userId: current.userId };
        const record = withMediaLink(deps.mediaLinks, (await findVisible(tx, owner, id))!);
        return { record, wasGeral: current.geral };
      }),
  );
  await publishSaved(deps.hub, who.companyId, "update", record, wasGeral);
  return record;
}

export async function deleteQuickMessage(
  deps: QuickMessageDeps,
  who: Who,
  id: number,
): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const current = await lockForChange(tx, who, id);
    await tx.run(
      sql`delete from quick_messages where id = ${id} and company_id = ${who.companyId}`,
    );
    return current;
  });
  // The row is gone first: a file left behind by a failed removal is harmless, a row
  // pointing at a missing file is not.
  if (removed.mediaFile) await deps.media.remove(removed.mediaFile);
  await publishDeleted(deps.hub, who.companyId, { id, ...removed });
}
