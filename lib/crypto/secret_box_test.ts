import assert from "node:assert/strict";
import { createSecretBox, secretHint } from "./secret_box.ts";

const box = createSecretBox(() => Promise.resolve(new TextEncoder().encode("k".repeat(40))));

Deno.test("[secret box] a sealed secret opens for its purpose only, and never shows in clear", async () => {
  const sealed = await box.seal("sk-live-1234567890abcd", "prompt:1:apiKey");
  assert.ok(sealed.startsWith("v1."));
  assert.ok(!sealed.includes("sk-live"), sealed);
  assert.equal(await box.open(sealed, "prompt:1:apiKey"), "sk-live-1234567890abcd");
  // The same secret moved to another row, or sealed twice, does not give itself away.
  await assert.rejects(() => box.open(sealed, "prompt:2:apiKey"));
  assert.notEqual(await box.seal("sk-live-1234567890abcd", "prompt:1:apiKey"), sealed);
  // A flipped character in the ciphertext is refused, not decoded to garbage.
  const altered = sealed.slice(0, -2) + (sealed.at(-2) === "A" ? "B" : "A") + sealed.at(-1);
  await assert.rejects(() => box.open(altered, "prompt:1:apiKey"));
  // Another installation's key does not open it.
  const other = createSecretBox(() => Promise.resolve(new TextEncoder().encode("z".repeat(40))));
  await assert.rejects(() => other.open(sealed, "prompt:1:apiKey"));
});

Deno.test("[secret box] the hint is the last four characters of a long enough secret", () => {
  assert.equal(secretHint("sk-live-1234567890abcd"), "abcd");
  assert.equal(secretHint("short"), "");
});
