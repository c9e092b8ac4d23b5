/**
 * The API answers absolute, signed media addresses built from PUBLIC_URL (for clients hosted
 * elsewhere, lib/media/signed_url.ts). Balcão's own pages may be reached under another
 * address (a proxy, a test server), so they keep only the path and the signature, which
 * work on any.
 */
export function ownMediaAddress(url: string | null): string | null {
  if (!url || url.startsWith("/")) return url;
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/**
 * The address of a stored media path (`<companyId>/<area>/<file>`, as records keep it) on the
 * media route: the page's own session opens it, so a link needs no signature.
 */
export function storedMediaAddress(path: string): string {
  return `/api/media/${path.split("/").map(encodeURIComponent).join("/")}`;
}
