/**
 * Help videos are YouTube videos (admin §3 "video code"). The super user may paste the id
 * or any usual link to it; only the 11-character id is stored, and the browser builds the
 * privacy-enhanced embed address from it. Pure functions: the /helps island uses them too.
 */

/** The origin the Content-Security-Policy allows as a frame source (lib/http/security.ts). */
export const YOUTUBE_EMBED_ORIGIN = "https://www.youtube-nocookie.com";

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);

/** Paths that end in the id: /embed/ID, /shorts/ID, /live/ID, /v/ID. */
const ID_IN_PATH = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/;

/**
 * The video id in `input` (an id, or a youtube.com, youtu.be or youtube-nocookie.com link),
 * or null when it names no YouTube video.
 *
 * @example
 * youtubeVideoId("https://youtu.be/dQw4w9WgXcQ?t=42"); // "dQw4w9WgXcQ"
 */
export function youtubeVideoId(input: string): string | null {
  const text = input.trim();
  if (VIDEO_ID.test(text)) return text;
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  let candidate: string | null | undefined;
  if (host === "youtu.be") {
    candidate = url.pathname.split("/")[1];
  } else if (YOUTUBE_HOSTS.has(host)) {
    candidate = url.pathname === "/watch" ? url.searchParams.get("v") : ID_IN_PATH.exec(
      url.pathname,
    )?.[1];
  }
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

/** The embed address that sets no YouTube cookies until the visitor plays the video. */
export function youtubeEmbedUrl(videoId: string, options: { autoplay?: boolean } = {}): string {
  const query = options.autoplay ? "?autoplay=1&rel=0" : "?rel=0";
  return `${YOUTUBE_EMBED_ORIGIN}/embed/${encodeURIComponent(videoId)}${query}`;
}
