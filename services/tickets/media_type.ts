/**
 * The `mediaType` a message is stored and shown with (core §3 "Message"), for the kind of
 * file it carries: the one mapping, for the customer's messages and ours alike.
 */
import type { MediaKind } from "../../lib/media/types.ts";

/** "chat" for text alone; a document is "application", a sticker shows as an image. */
export function messageMediaType(kind: MediaKind | undefined): string {
  if (!kind) return "chat";
  if (kind === "document") return "application";
  return kind === "sticker" ? "image" : kind;
}
