/**
 * Short-lived signed addresses for stored media (issue 15): the screens of the original
 * product put media URLs straight into `<img>` and `<audio>` tags, which cannot send an
 * `Authorization` header. A signed address carries its expiry and an HMAC of the stored path
 * and that expiry, keyed from the installation's secret. The path starts with the company's
 * id, so a signature opens exactly one file of one company until it expires; it is never an
 * open file, and changing the company, the file or the expiry breaks the signature.
 *
 * Expiries are rounded up to a window, so a page that lists the same media twice within the
 * window gets the same address and the browser's cache keeps working.
 */
import { Buffer } from "node:buffer";
import { createHmac, timingSafeEqual } from "node:crypto";

/** A signed address is valid for at least this long after it is made. */
export const MEDIA_URL_TTL_SECONDS = 60 * 60;
/** …and at most this much longer: expiries are rounded up to it. */
const WINDOW_SECONDS = 15 * 60;
/** Where the media route is mounted (routes/api/media.ts). */
const MEDIA_ROUTE = "/api/media/";

export interface MediaLinks {
  /** The absolute, signed address of a stored path (`<companyId>/<area>/<file>`). */
  url(path: string): string;
  /** True when `signature` was made by `url` for this path and `expires` has not passed. */
  verify(path: string, expires: string | undefined, signature: string | undefined): boolean;
}

export interface MediaLinkOptions {
  /** The installation's secret (the JWT key); a separate key is derived from it. */
  key: Uint8Array;
  /** PUBLIC_URL: the addresses are absolute, as the original clients expect. */
  publicUrl: string;
  /** Milliseconds since the epoch; tests pass a fixed clock. */
  now?: () => number;
}

export function createMediaLinks(options: MediaLinkOptions): MediaLinks {
  const now = options.now ?? Date.now;
  // Its own key, so a media signature can never stand in for anything else signed with the
  // installation's secret.
  const key = createHmac("sha256", options.key).update("balcao media url v1").digest();
  const base = options.publicUrl.replace(/\/+$/, "") + MEDIA_ROUTE;
  const sign = (path: string, expires: number) =>
    createHmac("sha256", key).update(`${path}\n${expires}`).digest("base64url");

  return {
    url(path) {
      const seconds = Math.floor(now() / 1000) + MEDIA_URL_TTL_SECONDS;
      const expires = Math.ceil(seconds / WINDOW_SECONDS) * WINDOW_SECONDS;
      const encoded = path.split("/").map(encodeURIComponent).join("/");
      return `${base}${encoded}?expires=${expires}&signature=${sign(path, expires)}`;
    },
    verify(path, expires, signature) {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
      const at = Number(expires);
      if (at * 1000 <= now()) return false;
      const expected = Buffer.from(sign(path, at));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
