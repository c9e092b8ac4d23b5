/**
 * The islands layer: server rendering with island markers, the asset manifest, and the
 * registry. The browser side lives in boot.ts and client_data.ts; the build in build.ts and
 * assets.ts (kept out of this entry point so the server does not load the bundler code).
 */
export { clearIslands, type IslandInfo, loadIslands, registerIslands } from "./registry.ts";
export { type AssetManifest, readManifest } from "./manifest.ts";
export { type RenderedPage, renderPage, type RenderPageOptions } from "./render.ts";
export { CodecError } from "./codec.ts";
