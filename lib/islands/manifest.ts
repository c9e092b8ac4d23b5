/**
 * The asset manifest written by the build (`static/build/manifest.json`) and read by the
 * server: which content-hashed URLs hold the stylesheet, the boot module and each island.
 */
import { join } from "node:path";

export interface AssetManifest {
  /** href of the stylesheet. */
  css: string;
  /** href of the client boot module. */
  boot: string;
  /** Island module name (file stem) → href of its bundled module. */
  islands: Record<string, string>;
  /**
   * href → hrefs it imports statically. Optional: lets the server preload a page's whole
   * module graph at once instead of the browser discovering it level by level.
   */
  imports?: Record<string, string[]>;
}

export const DEFAULT_STATIC_DIR = "static";
export const BUILD_DIR_NAME = "build";
export const MANIFEST_FILE = "manifest.json";

/** Reads the manifest from `outDir` (default `static/build`); says to build when missing. */
export async function readManifest(
  outDir = join(DEFAULT_STATIC_DIR, BUILD_DIR_NAME),
): Promise<AssetManifest> {
  const file = join(outDir, MANIFEST_FILE);
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) {
      throw new Error(`No asset manifest at ${file}: run \`deno task build\` first.`, {
        cause: err,
      });
    }
    throw err;
  }
  const manifest = JSON.parse(text) as AssetManifest;
  if (typeof manifest.boot !== "string" || typeof manifest.islands !== "object") {
    throw new Error(`The asset manifest ${file} is malformed: rebuild with \`deno task build\`.`);
  }
  return manifest;
}

/** Every module a set of entry hrefs loads: the entries, then their imports breadth-first. */
export function moduleClosure(manifest: AssetManifest, entries: string[]): string[] {
  const seen = new Set(entries);
  for (const href of seen) {
    for (const dep of manifest.imports?.[href] ?? []) seen.add(dep);
  }
  return [...seen];
}
