/**
 * Uploaded media on disk (DESIGN §6): `DATA_DIR/media/<companyId>/<area>/<random>_<name>`.
 * The database keeps the path relative to `DATA_DIR/media`; the random prefix makes names
 * unguessable and lets two uploads of "price list.pdf" live side by side. Nothing outside
 * the media folder can be named: every path is resolved and checked before it is touched.
 */
import { dirname, resolve, sep } from "node:path";
import { AppError } from "../http/errors.ts";
import { MAX_MEDIA_BYTES } from "./limits.ts";
import { checkMediaType, type MediaKind } from "./types.ts";

export { MAX_MEDIA_BYTES };
const MAX_NAME_LENGTH = 120;
/** How many leading bytes the type check looks at. */
const SNIFF_BYTES = 512;

export interface StoredMedia {
  /** Relative to the media folder; what the database keeps. */
  path: string;
  /** The name as shown to users: the uploaded one with spaces turned into underscores. */
  name: string;
  kind: MediaKind;
}

export function mediaRoot(dataDir: string): string {
  return resolve(dataDir, "media");
}

/** The absolute path of a stored file, or undefined when `relative` would leave the folder. */
export function mediaFile(dataDir: string, relative: string): string | undefined {
  const root = mediaRoot(dataDir);
  const absolute = resolve(root, relative);
  return absolute.startsWith(root + sep) ? absolute : undefined;
}

/** Shortens a name to `max` characters, keeping its extension. */
function shorten(name: string, max: number): string {
  if (name.length <= max) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : "";
  return name.slice(0, max - extension.length) + extension;
}

/** The uploaded name without any folder, control characters or spaces (spec: underscores). */
export function displayName(uploaded: string): string {
  const base = uploaded.split(/[\\/]/).pop() ?? "";
  // deno-lint-ignore no-control-regex -- control characters are what is being removed
  const cleaned = base.normalize("NFC").replace(/[\u0000-\u001f\u007f]/g, "").trim()
    .replace(/\s+/g, "_");
  return shorten(cleaned.replace(/^\.+/, ""), MAX_NAME_LENGTH) || "arquivo";
}

/** The name on disk: ASCII letters, digits, dot, dash and underscore only, after a random prefix. */
function diskName(name: string): string {
  const ascii = name.normalize("NFD").replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]/g, "_");
  const random = crypto.randomUUID().replaceAll("-", "").slice(0, 16);
  return `${random}_${ascii}`;
}

/**
 * Checks and writes an upload for `companyId` under `area` (e.g. "quick-messages"):
 * 413 when larger than `MAX_MEDIA_BYTES`, 415 when its type is not allowed.
 */
export async function saveMedia(
  dataDir: string,
  companyId: number,
  area: string,
  file: File,
): Promise<StoredMedia> {
  if (file.size > MAX_MEDIA_BYTES) throw new AppError("ERR_MEDIA_TOO_LARGE", 413);
  const name = displayName(file.name);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = checkMediaType(name, bytes.subarray(0, SNIFF_BYTES));
  const path = `${companyId}/${area}/${diskName(name)}`;
  const absolute = mediaFile(dataDir, path);
  if (!absolute) throw new Error(`Media path outside the media folder: ${path}`);
  await Deno.mkdir(dirname(absolute), { recursive: true });
  await Deno.writeFile(absolute, bytes, { createNew: true });
  return { path, name, kind };
}

/** Deletes a stored file; one already gone is fine. */
export async function removeMedia(dataDir: string, relative: string): Promise<void> {
  const absolute = mediaFile(dataDir, relative);
  if (!absolute) return;
  try {
    await Deno.remove(absolute);
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
}

/**
 * The media folder as one object (`deps.media` in services), so nothing but the server's
 * start needs to know `DATA_DIR`; an object store could stand behind the same four calls.
 */
export interface MediaStore {
  /** Checks and writes an upload (413 too large, 415 type not allowed). */
  save(companyId: number, area: string, file: File): Promise<StoredMedia>;
  /** Deletes a stored file; one already gone is fine. */
  remove(relative: string): Promise<void>;
  /** The absolute path of a stored file, or undefined when `relative` would leave the folder. */
  locate(relative: string): string | undefined;
  /** The bytes of a stored file (what the outbox sends). */
  read(relative: string): Promise<Uint8Array>;
}

export function createMediaStore(dataDir: string): MediaStore {
  return {
    save: (companyId, area, file) => saveMedia(dataDir, companyId, area, file),
    remove: (relative) => removeMedia(dataDir, relative),
    locate: (relative) => mediaFile(dataDir, relative),
    async read(relative) {
      const file = mediaFile(dataDir, relative);
      if (!file) throw new Error(`Media path outside the media folder: ${relative}`);
      return await Deno.readFile(file);
    },
  };
}
