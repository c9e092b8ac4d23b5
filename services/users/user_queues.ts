/**
 * Which queues a user works in. A queue id is accepted only when the queue belongs to the
 * user's company: without that check an admin could attach a user to another company's
 * queue and see its tickets.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import type { QueueChip } from "./user_view.ts";

/**
 * The ids without repeats, once all are known to be the company's; otherwise 400
 * ERR_INVALID_QUEUES naming the ids that are not (unknown and foreign alike, so the answer
 * does not tell whether another company's queue exists).
 */
export async function companyQueueIds(
  db: Queryable,
  companyId: number,
  queueIds: readonly number[],
): Promise<number[]> {
  const wanted = [...new Set(queueIds)];
  if (wanted.length === 0) return [];
  const found = await db.query<{ id: number }>(sql`
    select id from queues where company_id = ${companyId} and id = any(${wanted}::int[])`);
  const known = new Set(found.map((row) => row.id));
  const invalid = wanted.filter((id) => !known.has(id));
  if (invalid.length > 0) throw new AppError("ERR_INVALID_QUEUES", 400, { queueIds: invalid });
  return wanted;
}

/** Makes `queueIds` (already checked with `companyQueueIds`) the user's queues. */
export async function replaceUserQueues(
  tx: Queryable,
  userId: number,
  queueIds: readonly number[],
): Promise<void> {
  await tx.run(sql`delete from user_queues where user_id = ${userId}`);
  if (queueIds.length === 0) return;
  await tx.run(sql`
    insert into user_queues (user_id, queue_id) select ${userId}, unnest(${[...queueIds]}::int[])`);
}

/** The company's queues for the user dialog's picker, by name. */
export async function listQueueChoices(db: Queryable, companyId: number): Promise<QueueChip[]> {
  return await db.query<QueueChip>(sql`
    select id, name, color from queues where company_id = ${companyId}
    order by lower(name), id`);
}
