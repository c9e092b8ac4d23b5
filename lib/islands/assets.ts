/**
 * One production asset build: clears `static/build`, compiles the stylesheet and the
 * islands into it, and writes the manifest the server reads at start.
 */
import { join } from "node:path";
import { buildCss } from "../styles/build.ts";
import { buildIslands } from "./build.ts";
import {
  type AssetManifest,
  BUILD_DIR_NAME,
  DEFAULT_STATIC_DIR,
  MANIFEST_FILE,
} from "./manifest.ts";

export interface BuildAssetsOptions {
  /** @default "static" */
  staticDir?: string;
  /** @default "islands" */
  islandsDir?: string;
  /** @default true */
  minify?: boolean;
  /** Skip the Tailwind step (tests of the islands alone); the manifest's css is then "". */
  skipCss?: boolean;
}

export interface BuiltAssets {
  manifest: AssetManifest;
  outDir: string;
  /** File name → bytes, the stylesheet included. */
  files: Record<string, number>;
}

export async function buildAssets(options: BuildAssetsOptions = {}): Promise<BuiltAssets> {
  const staticDir = options.staticDir ?? DEFAULT_STATIC_DIR;
  const outDir = join(staticDir, BUILD_DIR_NAME);
  const baseHref = `/static/${BUILD_DIR_NAME}/`;
  // Old hashed files would otherwise pile up forever.
  await Deno.remove(outDir, { recursive: true }).catch((err) => {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  });
  await Deno.mkdir(outDir, { recursive: true });
  const [css, islands] = await Promise.all([
    options.skipCss ? undefined : buildCss(outDir),
    buildIslands({
      islandsDir: options.islandsDir ?? "islands",
      outDir,
      minify: options.minify ?? true,
      baseHref,
    }),
  ]);
  const manifest: AssetManifest = {
    css: css ? baseHref + css.fileName : "",
    boot: islands.boot,
    islands: islands.islands,
    imports: islands.imports,
  };
  await Deno.writeTextFile(join(outDir, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + "\n");
  const files = { ...islands.files };
  if (css) files[css.fileName] = css.bytes;
  return { manifest, outDir, files };
}
