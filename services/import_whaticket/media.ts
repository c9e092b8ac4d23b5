/**
 * Copies a file Whaticket kept in its backend's `public` folder into our media store, with the
 * same checks as an upload (type by content, size). Answers the stored path and name, or why
 * the row goes without its file.
 */
import { basename, join } from "node:path";
import { AppError } from "../../lib/http/errors.ts";
import type { ImportContext } from "./context.ts";

export type CopiedMedia = { path: string | null; name: string } | { missing: string };

export async function copyMedia(
  ctx: ImportContext,
  companyId: number,
  area: string,
  stored: unknown,
  folder = "",
): Promise<CopiedMedia | null> {
  if (stored === null || stored === undefined || String(stored).trim() === "") return null;
  // Older rows keep a whole URL ("http://host/public/x.jpg"); the file is its last segment.
  const name = basename(decodeURIComponent(String(stored).split("?")[0]!));
  if (!ctx.mediaDir) return { missing: "media not copied (no --media folder given)" };
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(join(ctx.mediaDir, folder, name));
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return { missing: "media file not found in --media" };
    throw err;
  }
  if (ctx.dryRun) return { path: null, name };
  try {
    const saved = await ctx.media.save(companyId, area, new File([bytes as BlobPart], name));
    return { path: saved.path, name: saved.name };
  } catch (err) {
    if (err instanceof AppError) return { missing: `media file refused (${err.code})` };
    throw err;
  }
}

/** The columns of a copied file, and the note to report when there is none. */
export function mediaColumns(copied: CopiedMedia | null, fallbackName?: unknown) {
  if (!copied) return { media_path: null, media_name: null, note: undefined };
  if ("missing" in copied) {
    const name = fallbackName ? String(fallbackName) : null;
    return { media_path: null, media_name: name, note: copied.missing };
  }
  return { media_path: copied.path, media_name: copied.name, note: undefined };
}
