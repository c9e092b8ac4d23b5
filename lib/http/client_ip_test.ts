import assert from "node:assert/strict";
import { forwardedAddress } from "./client_ip.ts";

Deno.test("client address: the connection unless proxies are trusted", () => {
  assert.equal(forwardedAddress("1.1.1.1", "10.0.0.2", 0), "10.0.0.2");
  assert.equal(forwardedAddress(undefined, "10.0.0.2", 1), "10.0.0.2");
});

Deno.test("client address: N trusted proxies read the Nth entry from the right", () => {
  // One proxy: it appended the caller's address as the last entry; "6.6.6.6" is a forgery.
  assert.equal(forwardedAddress("6.6.6.6, 203.0.113.9", "10.0.0.2", 1), "203.0.113.9");
  assert.equal(forwardedAddress("203.0.113.9, 10.0.0.5", "10.0.0.2", 2), "203.0.113.9");
  // Fewer entries than proxies: the leftmost there is.
  assert.equal(forwardedAddress("203.0.113.9", "10.0.0.2", 3), "203.0.113.9");
});
