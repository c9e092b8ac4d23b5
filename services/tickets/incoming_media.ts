/**
 * A customer's file, saved under `DATA_DIR/media/<companyId>/messages/` with the same checks
 * as an upload: only the kinds Balcão serves, and only when the bytes match the name. A file
 * that fails them (or cannot be fetched) is not kept; its message still is, with its name.
 */
import { AppError } from "../../lib/http/errors.ts";
import type { MediaStore, StoredMedia } from "../../lib/media/store.ts";
import type { IncomingMedia } from "../whatsapp/provider.ts";

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "audio/ogg": "ogg",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "video/mp4": "mp4",
  "video/3gpp": "3gp",
  "application/pdf": "pdf",
};

/** The file's name, or one made from its type (voice notes and photos come without). */
export function incomingFileName(media: IncomingMedia): string {
  if (media.fileName) return media.fileName;
  const base = media.mimetype.split(";")[0]!.trim().toLowerCase();
  return `${media.kind}.${EXTENSIONS[base] ?? "bin"}`;
}

export async function saveIncomingMedia(
  store: MediaStore,
  companyId: number,
  media: IncomingMedia,
): Promise<StoredMedia | null> {
  try {
    const bytes = await media.fetch();
    const file = new File([new Uint8Array(bytes)], incomingFileName(media), {
      type: media.mimetype,
    });
    return await store.save(companyId, "messages", file);
  } catch (error) {
    if (error instanceof AppError) return null;
    console.error("incoming media:", error);
    return null;
  }
}
