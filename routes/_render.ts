/**
 * TEMPORARY SEAM to the islands layer, which is being built on another branch.
 *
 * Until it lands, pages are rendered here with plain preact-render-to-string: the markup
 * is complete and correct, but islands are not booted in the browser (no JS is shipped).
 * When `lib/islands/mod.ts` arrives, replace this file's two functions:
 *
 *   loadPageAssets()            -> readManifest()                 (manifest.css is the href)
 *   renderDocument(page, opts)  -> renderPage(page, { nonce: opts.nonce, manifest,
 *                                      clientData: opts.clientData }).html
 *                                  and send `preload` as Link headers if wanted.
 *
 * `opts.clientData` already carries `{ i18n: i18nClientData(lang) }` for the client
 * translator (see lib/i18n/client.ts for the one-line boot hook to add).
 */
import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { fileURLToPath } from "node:url";

/** The part of the islands layer's AssetManifest that pages need. */
export interface PageAssets {
  /** URL of the built stylesheet. */
  css: string;
}

const BUILD_DIR = fileURLToPath(new URL("../static/build/", import.meta.url));

/** The newest `static/build/app-*.css` (re-read on each call, so a rebuild shows at once). */
export async function loadPageAssets(): Promise<PageAssets> {
  let newest: { name: string; mtime: number } | undefined;
  try {
    for await (const entry of Deno.readDir(BUILD_DIR)) {
      if (!entry.isFile || !/^app-[0-9a-f]+\.css$/.test(entry.name)) continue;
      const mtime = (await Deno.stat(BUILD_DIR + entry.name)).mtime?.getTime() ?? 0;
      if (!newest || mtime > newest.mtime) newest = { name: entry.name, mtime };
    }
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  // Without a build the page still renders (unstyled) rather than failing.
  return { css: `/static/build/${newest?.name ?? "app.css"}` };
}

export interface RenderOptions {
  nonce: string;
  clientData?: Record<string, unknown>;
}

/** A full HTML document from a `<Document>` vnode. */
export function renderDocument(page: VNode, _options: RenderOptions): string {
  return `<!DOCTYPE html>${renderToString(page)}`;
}
