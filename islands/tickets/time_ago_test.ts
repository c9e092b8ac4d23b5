import assert from "node:assert/strict";
import { ticketAge } from "./time_ago.ts";

const now = Date.parse("2026-11-23T12:00:00Z");
const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

Deno.test("ticket age: units and the spec's colours", () => {
  assert.deepEqual(ticketAge(ago(0.5), now), { unit: "now", count: 0, tone: "neutral" });
  assert.deepEqual(ticketAge(ago(2), now), { unit: "minutes", count: 2, tone: "neutral" });
  assert.deepEqual(ticketAge(ago(3), now), { unit: "minutes", count: 3, tone: "green" });
  assert.deepEqual(ticketAge(ago(10), now), { unit: "minutes", count: 10, tone: "green" });
  assert.deepEqual(ticketAge(ago(11), now), { unit: "minutes", count: 11, tone: "neutral" });
  assert.deepEqual(ticketAge(ago(30), now), { unit: "minutes", count: 30, tone: "orange" });
  assert.deepEqual(ticketAge(ago(59), now), { unit: "minutes", count: 59, tone: "orange" });
  assert.deepEqual(ticketAge(ago(60), now), { unit: "hours", count: 1, tone: "red" });
  assert.deepEqual(ticketAge(ago(23 * 60 + 59), now), { unit: "hours", count: 23, tone: "red" });
  assert.deepEqual(ticketAge(ago(24 * 60), now), { unit: "days", count: 1, tone: "neutral" });
  assert.deepEqual(ticketAge(ago(72 * 60), now), { unit: "days", count: 3, tone: "neutral" });
});

Deno.test("ticket age: a future or broken time reads as now", () => {
  assert.equal(ticketAge(new Date(now + 60_000).toISOString(), now).unit, "now");
  assert.equal(ticketAge("not a date", now).unit, "now");
});
