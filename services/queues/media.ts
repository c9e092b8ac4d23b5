/**
 * Media of a queue (sent when the contact chooses it) and of a menu option: one file each at
 * most, stored under `DATA_DIR/media/<companyId>/queues/`. Admins change them (the routes
 * check), and the record is locked before the file is written so that a refused caller leaves
 * nothing on disk.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { publishQueueEvent, publishQueueOptionEvent } from "./events.ts";
import { findQueueOption, lockQueueOption } from "./options.ts";
import { findQueue, lockQueue } from "./queues.ts";
import {
  type Queue,
  QUEUE_MEDIA_AREA,
  type QueueDeps,
  type QueueOption,
  type Who,
} from "./types.ts";

type Target = "queues" | "queue_options";

async function lockTarget(tx: Queryable, target: Target, companyId: number, id: number) {
  return target === "queues"
    ? await lockQueue(tx, companyId, id)
    : await lockQueueOption(tx, companyId, id);
}

/** Sets (or with `file` undefined, clears) the media of a row; answers the previous file. */
async function replaceMedia(
  deps: QueueDeps,
  who: Who,
  target: Target,
  id: number,
  file: File | undefined,
): Promise<void> {
  await deps.db.transaction((tx) => lockTarget(tx, target, who.companyId, id));
  const stored = file ? await deps.media.save(who.companyId, QUEUE_MEDIA_AREA, file) : undefined;
  let previous: string | null;
  try {
    previous = await deps.db.transaction(async (tx) => {
      const { mediaFile } = await lockTarget(tx, target, who.companyId, id);
      const table = sql.ident(target);
      await tx.run(sql`
        update ${table}
        set media_path = ${stored?.path ?? null}, media_name = ${stored?.name ?? null},
            updated_at = now()
        where id = ${id} and company_id = ${who.companyId}`);
      return mediaFile;
    });
  } catch (err) {
    if (stored) await deps.media.remove(stored.path);
    throw err;
  }
  if (previous) await deps.media.remove(previous);
}

async function queueChanged(deps: QueueDeps, who: Who, id: number): Promise<Queue> {
  const queue = (await findQueue(deps.db, who.companyId, id))!;
  await publishQueueEvent(deps.hub, who.companyId, { action: "update", queue });
  return queue;
}

async function optionChanged(deps: QueueDeps, who: Who, id: number): Promise<QueueOption> {
  const queueOption = (await findQueueOption(deps.db, who.companyId, id))!;
  await publishQueueOptionEvent(deps.hub, who.companyId, { action: "update", queueOption });
  return queueOption;
}

export async function attachQueueMedia(deps: QueueDeps, who: Who, id: number, file: File) {
  await replaceMedia(deps, who, "queues", id, file);
  return await queueChanged(deps, who, id);
}

export async function detachQueueMedia(deps: QueueDeps, who: Who, id: number) {
  await replaceMedia(deps, who, "queues", id, undefined);
  return await queueChanged(deps, who, id);
}

export async function attachQueueOptionMedia(deps: QueueDeps, who: Who, id: number, file: File) {
  await replaceMedia(deps, who, "queue_options", id, file);
  return await optionChanged(deps, who, id);
}

export async function detachQueueOptionMedia(deps: QueueDeps, who: Who, id: number) {
  await replaceMedia(deps, who, "queue_options", id, undefined);
  return await optionChanged(deps, who, id);
}
