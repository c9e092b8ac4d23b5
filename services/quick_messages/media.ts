/**
 * A quick message's attachment: one file at most, stored under
 * `DATA_DIR/media/<companyId>/quick-messages/`. Whoever may change the message may change
 * its attachment.
 */
import { sql } from "../../lib/db/mod.ts";
import { publishSaved } from "./events.ts";
import {
  findVisible,
  lockForChange,
  type QuickMessage,
  type Who,
  withMediaLink,
} from "./queries.ts";
import type { QuickMessageDeps } from "./quick_messages.ts";

export const QUICK_MESSAGE_MEDIA_AREA = "quick-messages";

/** Replaces the attachment with `file` (checked for size and type) and answers the record. */
export async function attachQuickMessageMedia(
  deps: QuickMessageDeps,
  who: Who,
  id: number,
  file: File,
): Promise<QuickMessage> {
  // Checked before the file is written, so a refused caller leaves nothing on disk.
  await deps.db.transaction((tx) => lockForChange(tx, who, id));
  const stored = await deps.media.save(who.companyId, QUICK_MESSAGE_MEDIA_AREA, file);
  let result: { record: QuickMessage; previous: string | null };
  try {
    result = await deps.db.transaction(async (tx) => {
      const current = await lockForChange(tx, who, id);
      await tx.run(sql`
        update quick_messages
        set media_path = ${stored.path}, media_name = ${stored.name}, updated_at = now()
        where id = ${id} and company_id = ${who.companyId}`);
      const owner = { ...who, userId: current.userId };
      const record = withMediaLink(deps.mediaLinks, (await findVisible(tx, owner, id))!);
      return { record, previous: current.mediaFile };
    });
  } catch (err) {
    await deps.media.remove(stored.path);
    throw err;
  }
  if (result.previous) await deps.media.remove(result.previous);
  await publishSaved(deps.hub, who.companyId, "update", result.record);
  return result.record;
}

/** Removes the attachment, from the record and from disk, and answers the record. */
export async function detachQuickMessageMedia(
  deps: QuickMessageDeps,
  who: Who,
  id: number,
): Promise<QuickMessage> {
  const { record, previous } = await deps.db.transaction(async (tx) => {
    const current = await lockForChange(tx, who, id);
    await tx.run(sql`
      update quick_messages set media_path = null, media_name = null, updated_at = now()
      where id = ${id} and company_id = ${who.companyId}`);
    const owner = { ...who, userId: current.userId };
    return { record: (await findVisible(tx, owner, id))!, previous: current.mediaFile };
  });
  if (previous) await deps.media.remove(previous);
  await publishSaved(deps.hub, who.companyId, "update", record);
  return record;
}
