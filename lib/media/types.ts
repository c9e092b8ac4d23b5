/**
 * Which files may be uploaded as media (what WhatsApp can carry) and how they are served.
 * A file is accepted by its extension, and only when its first bytes look like that kind
 * of file: a page renamed to `.png` is refused. The browser's declared type is not trusted;
 * the served Content-Type always comes from this table.
 */
import { AppError } from "../http/errors.ts";

/**
 * What a message's file is, for WhatsApp: the one list of kinds, for uploads, the outbox and
 * the providers alike. A sticker only ever arrives; uploads are one of the other four.
 */
export type MediaKind = "image" | "audio" | "video" | "document" | "sticker";

interface MediaType {
  mime: string;
  kind: MediaKind;
  /** True when the first bytes fit the format. */
  looksRight(head: Uint8Array): boolean;
}

function startsWith(head: Uint8Array, ...bytes: number[]): boolean {
  return bytes.every((byte, i) => head[i] === byte);
}

function ascii(head: Uint8Array, from: number, text: string): boolean {
  return [...text].every((char, i) => head[from + i] === char.charCodeAt(0));
}

const jpeg = (h: Uint8Array) => startsWith(h, 0xff, 0xd8, 0xff);
const png = (h: Uint8Array) => startsWith(h, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const gif = (h: Uint8Array) => ascii(h, 0, "GIF8");
const webp = (h: Uint8Array) => ascii(h, 0, "RIFF") && ascii(h, 8, "WEBP");
const wav = (h: Uint8Array) => ascii(h, 0, "RIFF") && ascii(h, 8, "WAVE");
const ogg = (h: Uint8Array) => ascii(h, 0, "OggS");
const mp3 = (h: Uint8Array) =>
  ascii(h, 0, "ID3") || (h[0] === 0xff && ((h[1] ?? 0) & 0xe0) === 0xe0);
/** MP4, M4A, 3GP and QuickTime share the ISO box layout: a size, then "ftyp". */
const isoMedia = (h: Uint8Array) => ascii(h, 4, "ftyp");
const pdf = (h: Uint8Array) => ascii(h, 0, "%PDF-");
/** docx, xlsx, pptx and odt are zip archives. */
const zip = (h: Uint8Array) => startsWith(h, 0x50, 0x4b, 0x03, 0x04);
/** doc, xls and ppt are OLE compound files. */
const ole = (h: Uint8Array) => startsWith(h, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
/** Plain text: no NUL byte in what was read. */
const text = (h: Uint8Array) => !h.includes(0);

const OOXML = "application/vnd.openxmlformats-officedocument";

/** Extension, served type, kind, content check. */
const TABLE: ReadonlyArray<readonly [string, string, MediaKind, MediaType["looksRight"]]> = [
  ["jpg", "image/jpeg", "image", jpeg],
  ["jpeg", "image/jpeg", "image", jpeg],
  ["png", "image/png", "image", png],
  ["gif", "image/gif", "image", gif],
  ["webp", "image/webp", "image", webp],
  ["mp3", "audio/mpeg", "audio", mp3],
  ["ogg", "audio/ogg", "audio", ogg],
  ["opus", "audio/ogg", "audio", ogg],
  ["m4a", "audio/mp4", "audio", isoMedia],
  ["wav", "audio/wav", "audio", wav],
  ["mp4", "video/mp4", "video", isoMedia],
  ["3gp", "video/3gpp", "video", isoMedia],
  ["mov", "video/quicktime", "video", isoMedia],
  ["pdf", "application/pdf", "document", pdf],
  ["docx", `${OOXML}.wordprocessingml.document`, "document", zip],
  ["xlsx", `${OOXML}.spreadsheetml.sheet`, "document", zip],
  ["pptx", `${OOXML}.presentationml.presentation`, "document", zip],
  ["odt", "application/vnd.oasis.opendocument.text", "document", zip],
  ["zip", "application/zip", "document", zip],
  ["doc", "application/msword", "document", ole],
  ["xls", "application/vnd.ms-excel", "document", ole],
  ["ppt", "application/vnd.ms-powerpoint", "document", ole],
  ["txt", "text/plain; charset=utf-8", "document", text],
  ["csv", "text/csv; charset=utf-8", "document", text],
];

const TYPES: ReadonlyMap<string, MediaType> = new Map(
  TABLE.map(([extension, mime, kind, looksRight]) => [extension, { mime, kind, looksRight }]),
);

/** Extensions accepted for upload, for the file picker's `accept`. */
export const MEDIA_EXTENSIONS: readonly string[] = [...TYPES.keys()];

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot < 0 ? "" : fileName.slice(dot + 1).toLowerCase();
}

/** A stored file's MIME type and media kind by its name, or undefined for a name we never store. */
export function fileTypeOf(fileName: string): { mime: string; kind: MediaKind } | undefined {
  const type = TYPES.get(extensionOf(fileName));
  return type && { mime: type.mime, kind: type.kind };
}

/** Refuses (415) a file whose extension is not allowed or whose content does not match it. */
export function checkMediaType(fileName: string, head: Uint8Array): MediaKind {
  const type = TYPES.get(extensionOf(fileName));
  if (!type || head.length === 0 || !type.looksRight(head)) {
    throw new AppError("ERR_MEDIA_TYPE_NOT_ALLOWED", 415);
  }
  return type.kind;
}
