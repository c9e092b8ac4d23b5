import assert from "node:assert/strict";
import { createMediaLinks, MEDIA_URL_TTL_SECONDS } from "./signed_url.ts";

const key = new TextEncoder().encode("k".repeat(48));
const PATH = "7/messages/0123456789abcdef_foto.png";

function partsOf(url: string) {
  const parsed = new URL(url);
  return {
    path: decodeURIComponent(parsed.pathname.replace("/api/media/", "")),
    expires: parsed.searchParams.get("expires") ?? undefined,
    signature: parsed.searchParams.get("signature") ?? undefined,
  };
}

Deno.test("signed media addresses: absolute, stable within a window, valid until expiry", () => {
  let now = Date.UTC(2026, 10, 25, 14, 0, 10);
  const links = createMediaLinks({ key, publicUrl: "https://balcao.example/", now: () => now });
  const url = links.url(PATH);
  assert.match(
    url,
    /^https:\/\/balcao\.example\/api\/media\/7\/messages\/.+\?expires=\d+&signature=/,
  );
  const { path, expires, signature } = partsOf(url);
  assert.equal(path, PATH);
  const lifetime = Number(expires) - now / 1000;
  assert.ok(lifetime >= MEDIA_URL_TTL_SECONDS, "at least the promised time");
  now += 60_000;
  assert.equal(links.url(PATH), url, "the same address a minute later: the cache keeps it");
  assert.equal(links.verify(PATH, expires, signature), true);
  assert.equal(links.verify("8/messages/0123456789abcdef_foto.png", expires, signature), false);
  assert.equal(links.verify(PATH, String(Number(expires) + 1), signature), false);
  assert.equal(links.verify(PATH, expires, undefined), false);
  assert.equal(links.verify(PATH, "1e12", signature), false);
  now = Number(expires) * 1000;
  assert.equal(links.verify(PATH, expires, signature), false, "expired");
});
