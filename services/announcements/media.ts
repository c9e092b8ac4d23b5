/**
 * An announcement's picture (admin §5: .png, .jpg, .jpeg only), one at most, stored under the
 * writer's company (`<companyId>/announcements/`); every bell shows it through a signed address.
 */
import { sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { findAnnouncement, presentAnnouncement } from "./announcements.ts";
import type { Announcement, AnnouncementDeps } from "./types.ts";
import { publishAnnouncement } from "./events.ts";

const AREA = "announcements";
const PICTURE = /\.(png|jpe?g)$/i;
const SUPER = { super: true } as const;

/** Replaces the picture with `file` and answers the announcement. */
export async function attachAnnouncementMedia(
  deps: AnnouncementDeps,
  writer: { companyId: number },
  id: number,
  file: File,
): Promise<Announcement> {
  if (!PICTURE.test(file.name)) throw new AppError("ERR_ANNOUNCEMENT_PICTURE_ONLY", 415);
  // Checked before the file is written, so an unknown id leaves nothing behind.
  await findAnnouncement(deps.db, SUPER, id);
  const stored = await deps.media.save(writer.companyId, AREA, file);
  let previous: string | null;
  let row: Announcement;
  try {
    ({ previous, row } = await deps.db.transaction(async (tx) => {
      const before = await tx.maybeOne<{ mediaPath: string | null }>(sql`
        select media_path as "mediaPath" from announcements where id = ${id} for update`);
      if (!before) throw new AppError("ERR_NO_ANNOUNCEMENT_FOUND", 404);
      await tx.run(sql`
        update announcements
        set media_path = ${stored.path}, media_name = ${stored.name}, updated_at = ${deps.clock.now()}
        where id = ${id}`);
      return { previous: before.mediaPath, row: await findAnnouncement(tx, SUPER, id) };
    }));
  } catch (err) {
    await deps.media.remove(stored.path);
    throw err;
  }
  if (previous) await deps.media.remove(previous);
  const record = presentAnnouncement(deps.mediaLinks, row);
  await publishAnnouncement(deps.hub, { action: "update", record });
  return record;
}

/** Removes the picture, from the record and from the store. */
export async function detachAnnouncementMedia(
  deps: AnnouncementDeps,
  id: number,
): Promise<Announcement> {
  const { previous, row } = await deps.db.transaction(async (tx) => {
    const before = await tx.maybeOne<{ mediaPath: string | null }>(sql`
      select media_path as "mediaPath" from announcements where id = ${id} for update`);
    if (!before) throw new AppError("ERR_NO_ANNOUNCEMENT_FOUND", 404);
    await tx.run(sql`
      update announcements set media_path = null, media_name = null,
        updated_at = ${deps.clock.now()}
      where id = ${id}`);
    return { previous: before.mediaPath, row: await findAnnouncement(tx, SUPER, id) };
  });
  if (previous) await deps.media.remove(previous);
  const record = presentAnnouncement(deps.mediaLinks, row);
  await publishAnnouncement(deps.hub, { action: "update", record });
  return record;
}
