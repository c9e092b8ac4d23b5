import assert from "node:assert/strict";
import { FakeClock, systemClock } from "./clock.ts";

Deno.test("clock - a fake clock stands still until moved, and only forward", () => {
  const clock = new FakeClock(new Date("2026-03-02T09:00:00Z"));
  assert.equal(clock.now().toISOString(), "2026-03-02T09:00:00.000Z");
  assert.equal(clock.now().toISOString(), "2026-03-02T09:00:00.000Z", "no time passes by itself");
  assert.equal(clock.advance(2 * 60 * 60_000).toISOString(), "2026-03-02T11:00:00.000Z");
  assert.throws(() => clock.advance(-1), RangeError);
  assert.throws(() => clock.advance(Number.NaN), RangeError);
  clock.set(new Date("2027-01-01T00:00:00Z"));
  assert.equal(clock.now().toISOString(), "2027-01-01T00:00:00.000Z");
  const now = clock.now();
  now.setFullYear(2000);
  assert.equal(clock.now().getUTCFullYear(), 2027, "a caller cannot move it through a Date");
});

Deno.test("clock - the system clock is the wall clock", () => {
  const before = Date.now();
  const now = systemClock.now().getTime();
  assert.ok(now >= before && now <= Date.now());
});
