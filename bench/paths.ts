import { fileURLToPath } from "node:url";

/** A file URL as a path, for messages. */
export function fromFileUrl(url: URL): string {
  return fileURLToPath(url);
}
