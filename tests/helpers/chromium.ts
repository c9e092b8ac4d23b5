/** Where Debian's Chromium is, or undefined when this machine has none. */
export function findChromium(): string | undefined {
  const candidates = [
    Deno.env.get("CHROMIUM_PATH"),
    "/usr/bin/chromium",
    "/usr/lib/chromium/chromium",
  ];
  for (const path of candidates) {
    if (!path) continue;
    try {
      if (Deno.statSync(path).isFile) return path;
    } catch {
      // Not there: try the next place.
    }
  }
  return undefined;
}
