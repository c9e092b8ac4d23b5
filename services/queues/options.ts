/**
 * A queue's chatbot menu (admin §3 "Queue option"): a tree of options, each with the text the
 * contact types (`option`), a title, a message and optional media. Deleting a node deletes its
 * subtree. Every row carries the company, and every read and write is scoped by it.
 */
import { type Queryable, type Sql, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { publishQueueOptionEvent } from "./events.ts";
import type { QueueOption, QueueOptionDeps, QueueOptionInput, Who } from "./types.ts";

const MEDIA_URL_PREFIX = "/api/media/";

function selectOptions(companyId: number, where: Sql): Sql {
  return sql`
    select o.id, o.queue_id as "queueId", o.parent_id as "parentId", o.title, o.message,
           o.option, o.forward_queue_id as "forwardQueueId", o.kind,
           case when o.media_path is null then null
                else ${MEDIA_URL_PREFIX} || o.media_path end as "mediaPath",
           o.media_name as "mediaName", o.created_at as "createdAt", o.updated_at as "updatedAt"
    from queue_options o
    where o.company_id = ${companyId} ${where}
    order by o.id`;
}

/** 404 ERR_NO_QUEUE_FOUND unless the queue is the company's own. */
export async function assertQueue(
  db: Queryable,
  companyId: number,
  queueId: number,
): Promise<void> {
  const found = await db.maybeOne(
    sql`select 1 from queues where id = ${queueId} and company_id = ${companyId}`,
  );
  if (!found) throw new AppError("ERR_NO_QUEUE_FOUND", 404);
}

/**
 * A queue's options: with `parentId` -1 its top level, with a node's id that node's children,
 * without it every node of the queue (the client builds the tree), each level in creation order.
 */
export async function listQueueOptions(
  db: Queryable,
  who: Who,
  query: { queueId: number; parentId?: number },
): Promise<QueueOption[]> {
  await assertQueue(db, who.companyId, query.queueId);
  const parent = query.parentId === undefined
    ? sql.empty
    : query.parentId === -1
    ? sql`and o.parent_id is null`
    : sql`and o.parent_id = ${query.parentId}`;
  return await db.query<QueueOption>(
    selectOptions(who.companyId, sql`and o.queue_id = ${query.queueId} ${parent}`),
  );
}

export async function findQueueOption(
  db: Queryable,
  companyId: number,
  id: number,
): Promise<QueueOption | undefined> {
  return await db.maybeOne<QueueOption>(selectOptions(companyId, sql`and o.id = ${id}`));
}

export async function showQueueOption(db: Queryable, who: Who, id: number): Promise<QueueOption> {
  const option = await findQueueOption(db, who.companyId, id);
  if (!option) throw new AppError("ERR_NO_QUEUE_OPTION_FOUND", 404);
  return option;
}

/** The node locked for the transaction, with its stored media path; 404 when not the company's. */
export async function lockQueueOption(
  tx: Queryable,
  companyId: number,
  id: number,
): Promise<{ queueId: number; mediaFile: string | null }> {
  const row = await tx.maybeOne<{ queueId: number; mediaFile: string | null }>(sql`
    select queue_id as "queueId", media_path as "mediaFile" from queue_options
    where id = ${id} and company_id = ${companyId} for update`);
  if (!row) throw new AppError("ERR_NO_QUEUE_OPTION_FOUND", 404);
  return row;
}

export async function createQueueOption(
  deps: QueueOptionDeps,
  who: Who,
  input: QueueOptionInput,
): Promise<QueueOption> {
  const option = await deps.db.transaction(async (tx) => {
    // Locks the queue: two options added at once get different default positions.
    const queue = await tx.maybeOne(sql`
      select 1 from queues where id = ${input.queueId} and company_id = ${who.companyId}
      for update`);
    if (!queue) throw new AppError("ERR_NO_QUEUE_FOUND", 404);
    if (input.parentId !== null) {
      const parent = await tx.maybeOne(sql`
        select 1 from queue_options
        where id = ${input.parentId} and company_id = ${who.companyId}
          and queue_id = ${input.queueId}`);
      if (!parent) throw new AppError("ERR_NO_QUEUE_OPTION_FOUND", 404);
    }
    // Without a position of its own, the option comes after its siblings: "1", "2", …
    const siblings = await tx.one<{ n: number }>(sql`
      select count(*)::int as n from queue_options
      where company_id = ${who.companyId} and queue_id = ${input.queueId}
        and parent_id is not distinct from ${input.parentId}::int`);
    const { id } = await tx.one<{ id: number }>(sql`
      insert into queue_options (company_id, queue_id, parent_id, title, message, option)
      values (${who.companyId}, ${input.queueId}, ${input.parentId}, ${input.title},
              ${input.message ?? ""}, ${input.option || String(siblings.n + 1)})
      returning id`);
    return (await findQueueOption(tx, who.companyId, id))!;
  });
  await publishQueueOptionEvent(deps.hub, who.companyId, {
    action: "create",
    queueOption: option,
  });
  return option;
}

export async function updateQueueOption(
  deps: QueueOptionDeps,
  who: Who,
  id: number,
  input: Partial<Pick<QueueOptionInput, "title" | "message" | "option">>,
): Promise<QueueOption> {
  const option = await deps.db.transaction(async (tx) => {
    await lockQueueOption(tx, who.companyId, id);
    await tx.run(sql`
      update queue_options
      set title = coalesce(${input.title ?? null}, title),
          message = coalesce(${input.message ?? null}, message),
          option = coalesce(${input.option ?? null}, option),
          updated_at = now()
      where id = ${id} and company_id = ${who.companyId}`);
    return (await findQueueOption(tx, who.companyId, id))!;
  });
  await publishQueueOptionEvent(deps.hub, who.companyId, {
    action: "update",
    queueOption: option,
  });
  return option;
}

/** Deletes the node and its whole subtree, with their media. */
export async function deleteQueueOption(
  deps: QueueOptionDeps,
  who: Who,
  id: number,
): Promise<void> {
  const { queueId, subtree } = await deps.db.transaction(async (tx) => {
    const { queueId } = await lockQueueOption(tx, who.companyId, id);
    const subtree = await tx.query<{ id: number; mediaFile: string | null }>(sql`
      with recursive subtree as (
        select id, media_path from queue_options where id = ${id} and company_id = ${who.companyId}
        union all
        select o.id, o.media_path from queue_options o join subtree s on o.parent_id = s.id
      )
      select id, media_path as "mediaFile" from subtree order by id`);
    // The foreign key cascades from the node to its descendants.
    await tx.run(sql`delete from queue_options where id = ${id} and company_id = ${who.companyId}`);
    return { queueId, subtree };
  });
  for (const node of subtree) if (node.mediaFile) await deps.media.remove(node.mediaFile);
  await publishQueueOptionEvent(deps.hub, who.companyId, {
    action: "delete",
    queueId,
    queueOptionIds: subtree.map((node) => node.id),
  });
}
