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
