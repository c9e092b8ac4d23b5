/**
 * The attachment step of a dialog that saves a record first (quick messages, announcements,
 * schedules):
 * a newly picked file is uploaded to the record's `media-upload`, a removed one deleted there,
 * and the record answered as it ends up.
 */
import { api } from "./api.ts";

export interface PickedAttachment {
  /** The stored attachment, kept unless removed or replaced. */
  current: unknown | null;
  /** A newly picked file, uploaded on save. */
  file: File | null;
}

export async function syncAttachment<T extends { mediaPath: string | null }>(
  uploadUrl: string,
  attachment: PickedAttachment,
  record: T,
  fields: Record<string, string> = {},
): Promise<T> {
  if (attachment.file) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append("file", attachment.file);
    return await api<T>(uploadUrl, { method: "POST", body: form });
  }
  if (!attachment.current && record.mediaPath) {
    return await api<T>(uploadUrl, { method: "DELETE" });
  }
  return record;
}
