/**
 * Serves `/static/*` from the static folder. Built assets carry a content hash in their
 * name, so `/static/build/<name>-<hash>.<ext>` is cached for a year as `immutable`; every
 * other file (logo, icons, the build manifest) is `no-cache` and revalidated by ETag, so a
 * changed file is picked up at once while an unchanged one costs a 304.
 */
import type { MiddlewareHandler } from "hono";
import { extname, resolve, sep } from "node:path";

export interface StaticFilesOptions {
  /** Folder served at `prefix`. @default "static" */
  root?: string;
  /** URL prefix, with the trailing slash. @default "/static/" */
  prefix?: string;
}

const IMMUTABLE = "public, max-age=31536000, immutable";
/** `app-1a2b3c4d5e.css`, `chunk-44d2c921e3da.js`: a hex hash of 8+ digits before the dot. */
const HASHED_NAME = /-[0-9a-f]{8,}\.[a-z0-9]+$/;

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".webmanifest": "application/manifest+json",
  ".mp3": "audio/mpeg",
  ".ogg": "audio/ogg",
  ".wasm": "application/wasm",
};

export function staticFiles(options: StaticFilesOptions = {}): MiddlewareHandler {
  const root = resolve(options.root ?? "static");
  const prefix = options.prefix ?? "/static/";

  return async function serveStaticFiles(c, next) {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const pathname = new URL(c.req.url).pathname;
    if (!pathname.startsWith(prefix)) return next();
    const relative = safeRelativePath(pathname.slice(prefix.length));
    if (relative === undefined) return c.text("Not found", 404);
    const file = resolve(root, relative);
    // Belt and braces: whatever the checks above missed cannot leave the root.
    if (!file.startsWith(root + sep)) return c.text("Not found", 404);

    let info: Deno.FileInfo;
    try {
      info = await Deno.stat(file);
    } catch {
      return c.text("Not found", 404);
    }
    if (!info.isFile) return c.text("Not found", 404);

    const immutable = relative.startsWith("build/") && HASHED_NAME.test(relative);
    const etag = `W/"${info.size.toString(36)}-${(info.mtime?.getTime() ?? 0).toString(36)}"`;
    const headers = new Headers({
      "Content-Type": CONTENT_TYPES[extname(file).toLowerCase()] ?? "application/octet-stream",
      "Cache-Control": immutable ? IMMUTABLE : "no-cache",
      "ETag": etag,
    });
    if (matchesEtag(c.req.header("If-None-Match"), etag)) {
      return new Response(null, { status: 304, headers });
    }
    headers.set("Content-Length", String(info.size));
    if (c.req.method === "HEAD") return new Response(null, { status: 200, headers });
    const handle = await Deno.open(file, { read: true });
    return new Response(handle.readable, { status: 200, headers });
  };
}

/**
 * The decoded path below the prefix, or undefined when it is not a plain relative path:
 * `..`, `.`, empty or dot-file segments, backslashes, NUL and bad escapes are refused.
 */
export function safeRelativePath(encoded: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
  if (decoded === "" || decoded.includes("\0") || decoded.includes("\\")) return undefined;
  const segments = decoded.split("/");
  if (segments.some((s) => s === "" || s.startsWith("."))) return undefined;
  return segments.join("/");
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((t) => {
    const tag = t.trim();
    return tag === "*" || tag === etag || tag.replace(/^W\//, "") === bare;
  });
}
