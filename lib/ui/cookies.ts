/**
 * Tiny cookie helpers shared by the server (reading request headers) and islands
 * (writing `document.cookie`). No dependencies, so they cost nothing in a bundle.
 */

/** The value of cookie `name` in a `Cookie` header (or `document.cookie`), if present. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw; // A malformed escape is kept as sent rather than failing the request.
    }
  }
  return undefined;
}

export const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * A `document.cookie` assignment for a site-wide preference. SameSite=Lax: preferences are
 * not secrets, but there is no reason to send them on cross-site sub-requests either.
 */
export function preferenceCookie(
  name: string,
  value: string,
  maxAgeSeconds = ONE_YEAR_SECONDS,
): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax`;
}
