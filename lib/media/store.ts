/**
 * Uploaded media (DESIGN §6), kept by a `MediaStore`: the data folder by default
 * (`DATA_DIR/media/<companyId>/<area>/<random>_<name>`), or an S3-compatible object store that
 * several instances share. The database keeps the relative path (`<companyId>/<area>/<file>`),
 * which is also the object key; the random prefix makes names unguessable and lets two uploads
 * of "price list.pdf" live side by side. Every path is checked against one pattern before it
 * is touched, so nothing outside the media can be named, on disk or in the bucket.
 */
import { AppError } from "../http/errors.ts";
import { MAX_MEDIA_BYTES } from "./limits.ts";
import { checkMediaType, type MediaKind } from "./types.ts";

export { MAX_MEDIA_BYTES };
const MAX_NAME_LENGTH = 120;
/** How many leading bytes the type check looks at. */
const SNIFF_BYTES = 512;

export interface StoredMedia {
  /** Relative to the media root; what the database keeps. */
  path: string;
  /** The name as shown to users: the uploaded one with spaces turned into underscores. */
  name: string;
  kind: MediaKind;
}

/** A stored file being read. */
export interface MediaObject {
  body: ReadableStream<Uint8Array>;
  size: number;
}

export interface MediaStore {
  /** Where the files live, for the start-up log (no secrets). */
  readonly description: string;
  /**
   * Checks and stores an upload for `companyId` under `area` (e.g. "quick-messages"):
   * 413 when larger than `MAX_MEDIA_BYTES`, 415 when its type is not allowed.
   */
  save(companyId: number, area: string, file: File): Promise<StoredMedia>;
  /** The stored file, or undefined when it does not exist or the path is not a media path. */
  open(path: string): Promise<MediaObject | undefined>;
  /** The whole file (what the outbox sends), or undefined as for `open`. */
  read(path: string): Promise<Uint8Array | undefined>;
  /** Deletes a stored file; one already gone (or never valid) is fine. */
  remove(path: string): Promise<void>;
  /** Releases connections. */
  close(): void;
}

/** `<companyId>/<area>/<file>`: the only shape a media path may have. */
const MEDIA_PATH = /^[1-9][0-9]{0,9}\/[a-z][a-z-]{0,39}\/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function isMediaPath(relative: string): boolean {
  return MEDIA_PATH.test(relative);
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

/** The stored name: ASCII letters, digits, dot, dash and underscore only, after a random prefix. */
function storedName(name: string): string {
  const ascii = name.normalize("NFD").replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]/g, "_");
  const random = crypto.randomUUID().replaceAll("-", "").slice(0, 16);
  return `${random}_${ascii}`;
}

/** An upload checked and named, ready for a store to write. */
export interface PreparedUpload extends StoredMedia {
  bytes: Uint8Array;
}

/** The checks every store makes before writing: size, then type by name and first bytes. */
export async function prepareUpload(
  companyId: number,
  area: string,
  file: File,
): Promise<PreparedUpload> {
  if (file.size > MAX_MEDIA_BYTES) throw new AppError("ERR_MEDIA_TOO_LARGE", 413);
  const name = displayName(file.name);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = checkMediaType(name, bytes.subarray(0, SNIFF_BYTES));
  const path = `${companyId}/${area}/${storedName(name).slice(0, 200)}`;
  if (!isMediaPath(path)) throw new Error(`Not a media path: ${path}`);
  return { path, name, kind, bytes };
}
