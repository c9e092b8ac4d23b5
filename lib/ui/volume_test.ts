import assert from "node:assert/strict";
import { DEFAULT_VOLUME, parseVolume, readVolume, VOLUME_KEY, writeVolume } from "./volume.ts";

Deno.test("parseVolume: 0 to 1 in steps of 0.1; junk and nothing give the default 1", () => {
  assert.equal(DEFAULT_VOLUME, 1);
  assert.equal(parseVolume(null), 1);
  assert.equal(parseVolume(""), 1);
  assert.equal(parseVolume("loud"), 1);
  assert.equal(parseVolume("0"), 0);
  assert.equal(parseVolume("0.3"), 0.3);
  assert.equal(parseVolume("0.34"), 0.3);
  assert.equal(parseVolume("0.35"), 0.4);
  assert.equal(parseVolume("7"), 1);
  assert.equal(parseVolume("-2"), 0);
});

Deno.test("readVolume/writeVolume keep the value in localStorage under `volume`", () => {
  localStorage.removeItem(VOLUME_KEY);
  try {
    assert.equal(readVolume(), 1);
    assert.equal(writeVolume(0.25), 0.3);
    assert.equal(localStorage.getItem(VOLUME_KEY), "0.3");
    assert.equal(readVolume(), 0.3);
    localStorage.setItem(VOLUME_KEY, "garbage");
    assert.equal(readVolume(), 1);
  } finally {
    localStorage.removeItem(VOLUME_KEY);
  }
});
