import assert from "node:assert/strict";
import { withoutNul } from "./without_nul.ts";

Deno.test("withoutNul removes NUL from every text and keeps dates and functions", () => {
  const when = new Date(0);
  const fetch = () => Promise.resolve(new Uint8Array());
  const clean = withoutNul({
    body: "a\u0000b",
    when,
    media: { fileName: "x\u0000.pdf", fetch },
    vcards: ["FN:\u0000Ana"],
    n: 1,
    none: null,
  });
  assert.deepEqual(clean, {
    body: "ab",
    when,
    media: { fileName: "x.pdf", fetch },
    vcards: ["FN:Ana"],
    n: 1,
    none: null,
  });
  assert.equal(clean.when, when);
  assert.equal(clean.media.fetch, fetch);
});
