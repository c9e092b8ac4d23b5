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

/**
 * Files served as they come from npm (no bundling): Swagger UI for /api/docs
 * (routes/api/openapi/routes.ts), copied into `<build>/<folder>/`.
 */
const VENDOR_FILES = [
  { from: "swagger-ui-dist/swagger-ui-bundle.js", folder: "swagger-ui" },
  { from: "swagger-ui-dist/swagger-ui.css", folder: "swagger-ui" },
];
const NODE_MODULES = new URL("../../node_modules/", import.meta.url);

async function copyVendorFiles(outDir: string): Promise<Record<string, number>> {
  const files: Record<string, number> = {};
  for (const { from, folder } of VENDOR_FILES) {
    const name = from.split("/").pop()!;
    await Deno.mkdir(join(outDir, folder), { recursive: true });
    await Deno.copyFile(new URL(from, NODE_MODULES), join(outDir, folder, name));
    files[`${folder}/${name}`] = (await Deno.stat(join(outDir, folder, name))).size;
  }
  return files;
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
  const files = { ...islands.files, ...await copyVendorFiles(outDir) };
  if (css) files[css.fileName] = css.bytes;
  return { manifest, outDir, files };
}
