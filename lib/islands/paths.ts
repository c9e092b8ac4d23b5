/** Path helpers shared by the build and the registry (node:path has no file-URL helpers). */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** An absolute file URL for a path relative to the working directory. */
export function toFileUrl(path: string): URL {
  return pathToFileURL(resolve(path));
}
