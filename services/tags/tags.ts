/**
 * Tags of a company (admin §7 "Tags"): labels for tickets, some of them kanban lanes.
 * Every function takes the caller's principal; the company always comes from it, so a tag
 * of another company is simply not found.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { containsPattern, pageClause, pageOf } from "../../lib/db/paging.ts";
import type { Principal } from "../../lib/http/auth.ts";
import { AppError, conflictOnDuplicate } from "../../lib/http/errors.ts";
import type { ServiceDeps } from "../deps.ts";
import { assertPlanFeature, isAdmin } from "../accounts/permissions.ts";
import { channels, rooms } from "../../lib/realtime/channels.ts";

export type Kanban = 0 | 1;

export interface Tag {
  id: number;
  name: string;
  color: string;
  kanban: Kanban;
  userId: number | null;
  ticketsCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface TagInput {
  name: string;
  /** Defaults to `DEFAULT_TAG_COLOR`: the ticket screen creates tags by name alone (core §7). */
  color?: string;
  kanban?: Kanban;
}

export type TagDeps = Pick<ServiceDeps, "db" | "hub">;

export const DEFAULT_TAG_COLOR = "#2563eb";

type Who = Pick<Principal, "companyId" | "userId" | "profile" | "super">;

/**
 * How many tickets carry each tag: a correlated count on ticket_tags' (tag_id, ticket_id)
 * index, still one query for a whole page, no per-tag round trip.
 */
const TICKETS_COUNT = sql`(select count(*) from ticket_tags tt where tt.tag_id = t.id)`;

function selectTags(companyId: number, where = sql.empty, tail = sql.empty) {
  return sql`
    select t.id, t.name, t.color, t.kanban, t.user_id as "userId",
           ${TICKETS_COUNT}::int as "ticketsCount",
           t.created_at as "createdAt", t.updated_at as "updatedAt"
    from tags t
    where t.company_id = ${companyId} ${where}
    order by lower(t.name), t.id ${tail}`;
}

/** A page of the company's tags, optionally those whose name contains `searchParam`. */
export async function listTags(
  db: Queryable,
  who: Who,
  query: { searchParam?: string; pageNumber: number },
): Promise<{ tags: Tag[]; hasMore: boolean }> {
  const search = query.searchParam?.trim();
  const where = search ? sql`and lower(t.name) like ${containsPattern(search)}` : sql.empty;
  const rows = await db.query<Tag>(selectTags(who.companyId, where, pageClause(query.pageNumber)));
  const page = pageOf(rows);
  return { tags: page.rows, hasMore: page.hasMore };
}

/** Every tag of the company, by name (pickers and filters). */
export async function listAllTags(db: Queryable, who: Who): Promise<Tag[]> {
  return await db.query<Tag>(selectTags(who.companyId));
}

/** The company's kanban lanes, by name: the kanban screen's, so only with a plan that has it. */
export async function listKanbanTags(db: Queryable, who: Who): Promise<Tag[]> {
  await assertPlanFeature(db, who.companyId, "useKanban");
  return await db.query<Tag>(selectTags(who.companyId, sql`and t.kanban = 1`));
}

async function findTag(db: Queryable, companyId: number, id: number): Promise<Tag | undefined> {
  return await db.maybeOne<Tag>(selectTags(companyId, sql`and t.id = ${id}`));
}

export async function showTag(db: Queryable, who: Who, id: number): Promise<Tag> {
  const tag = await findTag(db, who.companyId, id);
  if (!tag) throw new AppError("ERR_NO_TAG_FOUND", 404);
  return tag;
}

/**
 * The distinct ids of `tagIds`, each a tag of `companyId`, for a set of tags to put on a
 * ticket or a contact; 404 ERR_NO_TAG_FOUND when one is not (another company's tag is
 * answered like one that does not exist).
 */
export async function companyTagIds(
  db: Queryable,
  companyId: number,
  tagIds: number[],
): Promise<number[]> {
  const ids = [...new Set(tagIds)];
  const known = await db.query<{ id: number }>(sql`
    select id from tags where company_id = ${companyId} and id = any(${ids}::int[])`);
  if (known.length !== ids.length) throw new AppError("ERR_NO_TAG_FOUND", 404);
  return ids;
}

/**
 * Only admins decide which tags are kanban lanes (admin §6): others may not change it. A new
 * lane needs a plan with kanban; lanes kept from an earlier plan may still be edited or
 * turned off.
 */
async function checkKanbanChange(
  db: Queryable,
  who: Who,
  current: Kanban,
  wanted: Kanban | undefined,
): Promise<void> {
  if (wanted === undefined || wanted === current) return;
  if (!isAdmin(who)) throw new AppError("ERR_TAG_KANBAN_ADMIN_ONLY", 403);
  if (wanted === 1) await assertPlanFeature(db, who.companyId, "useKanban");
}

export async function createTag(deps: TagDeps, who: Who, input: TagInput): Promise<Tag> {
  await checkKanbanChange(deps.db, who, 0, input.kanban);
  const tag = await conflictOnDuplicate(
    "ERR_DUPLICATED_TAG",
    () =>
      deps.db.transaction(async (tx) => {
        const { id } = await tx.one<{ id: number }>(sql`
        insert into tags (company_id, name, color, kanban, user_id)
        values (${who.companyId}, ${input.name}, ${input.color ?? DEFAULT_TAG_COLOR},
                ${input.kanban ?? 0}, ${who.userId})
        returning id`);
        return (await findTag(tx, who.companyId, id))!;
      }),
  );
  await publishTag(deps.hub, who.companyId, { action: "create", record: tag });
  return tag;
}

export async function updateTag(
  deps: TagDeps,
  who: Who,
  id: number,
  input: Partial<TagInput>,
): Promise<Tag> {
  const tag = await conflictOnDuplicate(
    "ERR_DUPLICATED_TAG",
    () =>
      deps.db.transaction(async (tx) => {
        const current = await tx.maybeOne<{ kanban: Kanban }>(
          sql`select kanban from tags where id = ${id} and company_id = ${who.companyId} for update`,
        );
        if (!current) throw new AppError("ERR_NO_TAG_FOUND", 404);
        await checkKanbanChange(tx, who, current.kanban, input.kanban);
        await tx.run(sql`
        update tags
        set name = coalesce(${input.name ?? null}, name),
            color = coalesce(${input.color ?? null}, color),
            kanban = coalesce(${input.kanban ?? null}::smallint, kanban),
            updated_at = now()
        where id = ${id} and company_id = ${who.companyId}`);
        return (await findTag(tx, who.companyId, id))!;
      }),
  );
  await publishTag(deps.hub, who.companyId, { action: "update", record: tag });
  return tag;
}

export async function deleteTag(deps: TagDeps, who: Who, id: number): Promise<void> {
  const { rowCount } = await deps.db.run(
    sql`delete from tags where id = ${id} and company_id = ${who.companyId}`,
  );
  if (rowCount === 0) throw new AppError("ERR_NO_TAG_FOUND", 404);
  await publishTag(deps.hub, who.companyId, { action: "delete", id });
}

export type TagEvent =
  | { action: "create" | "update"; record: Tag }
  | { action: "delete"; id: number };

/** Tags are company-wide: every signed-in user of the company hears about them. */
async function publishTag(hub: ServiceDeps["hub"], companyId: number, event: TagEvent) {
  await hub.publish(rooms.company(companyId), channels.tag(companyId), event);
}
