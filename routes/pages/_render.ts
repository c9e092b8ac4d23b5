/**
 * Renders a page vnode through the islands layer: the asset manifest gives the stylesheet
 * and module URLs, and every island module is registered once so pages mark them.
 */
import type { Context } from "hono";
import type { VNode } from "preact";
import { fileURLToPath } from "node:url";
import type { AppEnv } from "../../lib/http/env.ts";
import {
  type AssetManifest,
  loadIslands,
  readManifest,
  renderPage,
} from "../../lib/islands/mod.ts";

const ISLANDS_DIR = fileURLToPath(new URL("../../islands/", import.meta.url));

let ready: Promise<AssetManifest> | undefined;

/**
 * The manifest of this build, read once: assets are content-hashed and `dev.ts` restarts
 * the server after a rebuild, so it cannot change under a running process.
 */
export function pageAssets(): Promise<AssetManifest> {
  ready ??= loadIslands(ISLANDS_DIR).then(() => readManifest());
  return ready;
}

/** Answers a whole HTML document, with the islands' boot script only when it has islands. */
export async function respondWithPage(
  c: Context<AppEnv>,
  page: VNode,
  options: { clientData?: Record<string, unknown>; status?: 200 | 404 } = {},
): Promise<Response> {
  const manifest = await pageAssets();
  const { html, preload } = renderPage(page, {
    nonce: c.get("nonce"),
    manifest,
    clientData: options.clientData,
  });
  if (preload.length > 0) {
    c.header("Link", preload.map((href) => `<${href}>; rel=modulepreload`).join(", "));
  }
  // The page depends on the cookies and Accept-Language; shared caches must not mix them.
  c.header("Vary", "Cookie, Accept-Language");
  c.header("Cache-Control", "no-store");
  return c.html(html, options.status ?? 200);
}
