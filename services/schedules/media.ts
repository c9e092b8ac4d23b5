/**
 * A schedule's picture (admin §3 "attachment accepts png, jpg, jpeg"): one at most, stored
 * under `DATA_DIR/media/<companyId>/schedules/`, sent as the message's image with the text as
 * its caption. Whoever may change the schedule may change its picture, until it is sent.
 */
import { sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { extensionOf } from "../../lib/media/types.ts";
import { publishSchedule } from "./events.ts";
import { findSchedule, lockForChange, type Schedule, type Who, withMediaLink } from "./queries.ts";
import type { ScheduleDeps } from "./schedules.ts";

export const SCHEDULE_MEDIA_AREA = "schedules";
const PICTURE_EXTENSIONS = new Set(["png", "jpg", "jpeg"]);

async function saved(deps: ScheduleDeps, who: Who, id: number): Promise<Schedule> {
  const record = withMediaLink(deps.mediaLinks, (await findSchedule(deps.db, who.companyId, id))!);
  await publishSchedule(deps.hub, who.companyId, { action: "update", schedule: record });
  return record;
}

export async function attachScheduleMedia(
  deps: ScheduleDeps,
  who: Who,
  id: number,
  file: File,
): Promise<Schedule> {
  if (!PICTURE_EXTENSIONS.has(extensionOf(file.name))) {
    throw new AppError("ERR_MEDIA_TYPE_NOT_ALLOWED", 415);
  }
  // Checked before the file is written, so a refused caller leaves nothing on disk.
  await deps.db.transaction((tx) => lockForChange(tx, who, id));
  const stored = await deps.media.save(who.companyId, SCHEDULE_MEDIA_AREA, file);
  if (stored.kind !== "image") {
    await deps.media.remove(stored.path);
    throw new AppError("ERR_MEDIA_TYPE_NOT_ALLOWED", 415);
  }
  let previous: string | null;
  try {
    previous = await deps.db.transaction(async (tx) => {
      const current = await lockForChange(tx, who, id);
      await tx.run(sql`
        update schedules set media_path = ${stored.path}, media_name = ${stored.name},
                             updated_at = ${deps.clock.now().toISOString()}::timestamptz
        where company_id = ${who.companyId} and id = ${id}`);
      return current.mediaFile;
    });
  } catch (err) {
    await deps.media.remove(stored.path);
    throw err;
  }
  if (previous) await deps.media.remove(previous);
  return await saved(deps, who, id);
}

export async function detachScheduleMedia(
  deps: ScheduleDeps,
  who: Who,
  id: number,
): Promise<Schedule> {
  const previous = await deps.db.transaction(async (tx) => {
    const current = await lockForChange(tx, who, id);
    await tx.run(sql`
      update schedules set media_path = null, media_name = null,
                           updated_at = ${deps.clock.now().toISOString()}::timestamptz
      where company_id = ${who.companyId} and id = ${id}`);
    return current.mediaFile;
  });
  if (previous) await deps.media.remove(previous);
  return await saved(deps, who, id);
}
