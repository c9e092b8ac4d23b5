/**
 * Queues of a company (core §3 "Queue", admin §3): where tickets wait, with the chatbot's
 * greeting, out-of-hours message, menu order, media and opening hours. The company always
 * comes from the caller's principal, so another company's queue is simply not found.
 */
import { type Queryable, type Sql, sql, uniqueViolation } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { publishQueueEvent, publishQueueOptionEvent } from "./events.ts";
import type { OpeningHoursDay } from "../companies/weekdays.ts";
import { assertQueueLinks } from "./links.ts";
import { mediaKeysOf, replaceOptionTree } from "./option_tree.ts";
import type { StoredMedia } from "../../lib/media/store.ts";
import {
  type OptionUploads,
  type Queue,
  QUEUE_MEDIA_AREA,
  type QueueDeps,
  type QueueInput,
  type Who,
} from "./types.ts";

/** Where the media route serves a stored file (routes/api/media.ts). */
const MEDIA_URL_PREFIX = "/api/media/";

function selectQueues(companyId: number, where = sql.empty): Sql {
  return sql`
    select q.id, q.name, q.color, q.greeting_message as "greetingMessage",
           q.out_of_hours_message as "outOfHoursMessage", q.order_queue as "orderQueue",
           q.integration_id as "integrationId", q.prompt_id as "promptId",
           case when q.media_path is null then null
                else ${MEDIA_URL_PREFIX} || q.media_path end as "mediaPath",
           q.media_name as "mediaName", q.schedules,
           q.created_at as "createdAt", q.updated_at as "updatedAt"
    from queues q
    where q.company_id = ${companyId} ${where}
    order by q.order_queue nulls last, lower(q.name), q.id`;
}

/** Every queue of the company, in the chatbot menu's order, then by name. */
export async function listQueues(db: Queryable, who: Who): Promise<Queue[]> {
  return await db.query<Queue>(selectQueues(who.companyId));
}

export async function findQueue(
  db: Queryable,
  companyId: number,
  id: number,
): Promise<Queue | undefined> {
  return await db.maybeOne<Queue>(selectQueues(companyId, sql`and q.id = ${id}`));
}

export async function showQueue(db: Queryable, who: Who, id: number): Promise<Queue> {
  const queue = await findQueue(db, who.companyId, id);
  if (!queue) throw new AppError("ERR_NO_QUEUE_FOUND", 404);
  return queue;
}

/**
 * Locks the company row: queue writes of one company run one at a time, so the plan's count
 * and the name and colour checks below cannot be passed by two requests together.
 */
async function lockCompany(tx: Queryable, companyId: number): Promise<{ limit: number }> {
  const row = await tx.maybeOne<{ limit: number }>(sql`
    select p.queues as "limit" from companies c join plans p on p.id = c.plan_id
    where c.id = ${companyId} for update of c`);
  if (!row) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
  return row;
}

/** Name and colour are each unique per company, whatever their case (anchor "Queues"). */
async function assertFree(
  tx: Queryable,
  companyId: number,
  input: Partial<Pick<QueueInput, "name" | "color">>,
  exceptId = 0,
): Promise<void> {
  if (input.name !== undefined) {
    const taken = await tx.maybeOne(sql`
      select 1 from queues where company_id = ${companyId} and lower(name) = lower(${input.name})
        and id <> ${exceptId}`);
    if (taken) throw new AppError("ERR_QUEUE_NAME_ALREADY_EXISTS", 409);
  }
  if (input.color !== undefined) {
    const taken = await tx.maybeOne(sql`
      select 1 from queues where company_id = ${companyId}
        and lower(color) = lower(${input.color}) and id <> ${exceptId}`);
    if (taken) throw new AppError("ERR_QUEUE_COLOR_ALREADY_EXISTS", 409);
  }
}

/** The unique indexes catch what the checks cannot (a write outside this service). */
async function translateDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === "queues_company_color") {
      throw new AppError("ERR_QUEUE_COLOR_ALREADY_EXISTS", 409);
    }
    if (constraint !== null) throw new AppError("ERR_QUEUE_NAME_ALREADY_EXISTS", 409);
    throw err;
  }
}

function schedulesJson(schedules: OpeningHoursDay[]): Sql {
  return sql`${JSON.stringify(schedules)}::text::jsonb`;
}

/**
 * Runs a queue write that may rewrite its option tree: the tree's files are stored first
 * (a refused file stops everything before any row changes), removed again when the write
 * fails, and the files the committed tree no longer uses are removed after it.
 */
async function withOptionUploads(
  deps: QueueDeps,
  who: Who,
  input: Partial<QueueInput>,
  files: OptionUploads,
  write: (stored: ReadonlyMap<string, StoredMedia>, unused: string[]) => Promise<Queue>,
): Promise<Queue> {
  const keys = input.options ? mediaKeysOf(input.options) : [];
  for (const key of files.keys()) {
    if (!keys.includes(key)) throw new AppError("ERR_QUEUE_OPTION_MEDIA_UNUSED", 400);
  }
  const stored = new Map<string, StoredMedia>();
  const unused: string[] = [];
  let queue: Queue;
  try {
    for (const [key, file] of files) {
      stored.set(key, await deps.media.save(who.companyId, QUEUE_MEDIA_AREA, file));
    }
    queue = await write(stored, unused);
  } catch (err) {
    for (const media of stored.values()) await deps.media.remove(media.path);
    throw err;
  }
  // The rows are committed first: a file left behind is harmless, a row without its file not.
  for (const file of unused) await deps.media.remove(file);
  return queue;
}

/** Rewrites the option tree when the input carries one; answers whether it did. */
async function writeOptions(
  tx: Queryable,
  who: Who,
  queueId: number,
  input: Partial<QueueInput>,
  stored: ReadonlyMap<string, StoredMedia>,
  unused: string[],
): Promise<boolean> {
  if (!input.options) return false;
  unused.push(...await replaceOptionTree(tx, who.companyId, queueId, input.options, stored));
  return true;
}

export async function createQueue(
  deps: QueueDeps,
  who: Who,
  input: QueueInput,
  files: OptionUploads = new Map(),
): Promise<Queue> {
  const queue = await withOptionUploads(
    deps,
    who,
    input,
    files,
    (stored, unused) =>
      translateDuplicates(() =>
        deps.db.transaction(async (tx) => {
          const { limit } = await lockCompany(tx, who.companyId);
          const count = await tx.one<{ n: number }>(
            sql`select count(*)::int as n from queues where company_id = ${who.companyId}`,
          );
          if (count.n >= limit) throw new AppError("ERR_QUEUE_LIMIT_REACHED", 403, { limit });
          await assertQueueLinks(tx, who.companyId, input);
          await assertFree(tx, who.companyId, input);
          const { id } = await tx.one<{ id: number }>(sql`
        insert into queues (company_id, name, color, greeting_message, out_of_hours_message,
                            order_queue, integration_id, prompt_id)
        values (${who.companyId}, ${input.name}, ${input.color}, ${input.greetingMessage ?? ""},
                ${input.outOfHoursMessage ?? ""}, ${input.orderQueue ?? null},
                ${input.integrationId ?? null}, ${input.promptId ?? null})
        returning id`);
          if (input.schedules) {
            await tx.run(
              sql`update queues set schedules = ${schedulesJson(input.schedules)} where id = ${id}`,
            );
          }
          await writeOptions(tx, who, id, input, stored, unused);
          return (await findQueue(tx, who.companyId, id))!;
        })
      ),
  );
  await publishQueueEvent(deps.hub, who.companyId, { action: "create", queue });
  if (input.options) {
    await publishQueueOptionEvent(deps.hub, who.companyId, { action: "reload", queueId: queue.id });
  }
  return queue;
}

export async function updateQueue(
  deps: QueueDeps,
  who: Who,
  id: number,
  input: Partial<QueueInput>,
  files: OptionUploads = new Map(),
): Promise<Queue> {
  const queue = await withOptionUploads(
    deps,
    who,
    input,
    files,
    (stored, unused) =>
      translateDuplicates(() =>
        deps.db.transaction(async (tx) => {
          await lockCompany(tx, who.companyId);
          await lockQueue(tx, who.companyId, id);
          await assertQueueLinks(tx, who.companyId, input);
          await assertFree(tx, who.companyId, input, id);
          const sets: Sql[] = [sql`updated_at = now()`];
          if (input.name !== undefined) sets.push(sql`name = ${input.name}`);
          if (input.color !== undefined) sets.push(sql`color = ${input.color}`);
          if (input.greetingMessage !== undefined) {
            sets.push(sql`greeting_message = ${input.greetingMessage}`);
          }
          if (input.outOfHoursMessage !== undefined) {
            sets.push(sql`out_of_hours_message = ${input.outOfHoursMessage}`);
          }
          if (input.orderQueue !== undefined) sets.push(sql`order_queue = ${input.orderQueue}`);
          if (input.integrationId !== undefined) {
            sets.push(sql`integration_id = ${input.integrationId}`);
          }
          if (input.promptId !== undefined) sets.push(sql`prompt_id = ${input.promptId}`);
          if (input.schedules !== undefined) {
            sets.push(sql`schedules = ${schedulesJson(input.schedules)}`);
          }
          await tx.run(sql`
        update queues set ${sql.join(sets)}
        where id = ${id} and company_id = ${who.companyId}`);
          await writeOptions(tx, who, id, input, stored, unused);
          return (await findQueue(tx, who.companyId, id))!;
        })
      ),
  );
  await publishQueueEvent(deps.hub, who.companyId, { action: "update", queue });
  if (input.options) {
    await publishQueueOptionEvent(deps.hub, who.companyId, { action: "reload", queueId: id });
  }
  return queue;
}

/** The queue's stored media path, the row locked for the transaction; 404 when not the company's. */
export async function lockQueue(
  tx: Queryable,
  companyId: number,
  id: number,
): Promise<{ mediaFile: string | null }> {
  const row = await tx.maybeOne<{ mediaFile: string | null }>(sql`
    select media_path as "mediaFile" from queues
    where id = ${id} and company_id = ${companyId} for update`);
  if (!row) throw new AppError("ERR_NO_QUEUE_FOUND", 404);
  return row;
}

/**
 * Deletes the queue with its options (cascade). Users and connections leave it; tickets, when
 * they arrive, keep their history without it.
 */
export async function deleteQueue(deps: QueueDeps, who: Who, id: number): Promise<void> {
  const files = await deps.db.transaction(async (tx) => {
    const { mediaFile } = await lockQueue(tx, who.companyId, id);
    const options = await tx.query<{ mediaFile: string }>(sql`
      select media_path as "mediaFile" from queue_options
      where company_id = ${who.companyId} and queue_id = ${id} and media_path is not null`);
    await tx.run(sql`delete from queues where id = ${id} and company_id = ${who.companyId}`);
    return [mediaFile, ...options.map((option) => option.mediaFile)];
  });
  // The rows are gone first: a file left behind by a failed removal is harmless, a row
  // pointing at a missing file is not.
  for (const file of files) if (file) await deps.media.remove(file);
  await publishQueueEvent(deps.hub, who.companyId, { action: "delete", queueId: id });
}
