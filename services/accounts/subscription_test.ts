import assert from "node:assert/strict";
import { daysUntil, isoToday, subscriptionWarningDays } from "./subscription.ts";

Deno.test("daysUntil counts whole calendar days, across months and years", () => {
  assert.equal(daysUntil("2026-03-05", "2026-03-01"), 4);
  assert.equal(daysUntil("2027-01-02", "2026-12-30"), 3);
  assert.equal(daysUntil("2026-03-01", "2026-03-01"), 0);
  assert.equal(daysUntil("2026-02-27", "2026-03-01"), -2);
  // A daylight-saving change in some zone must not make a day of 23 hours count as 0.
  assert.equal(daysUntil("2026-11-02", "2026-11-01"), 1);
});

Deno.test("the subscription warning shows when fewer than 5 days remain", () => {
  const today = "2026-03-01";
  assert.equal(subscriptionWarningDays("2026-03-06", today), null, "5 days: no warning yet");
  assert.equal(subscriptionWarningDays("2026-03-05", today), 4);
  assert.equal(subscriptionWarningDays("2026-03-02", today), 1);
  assert.equal(subscriptionWarningDays("2026-03-01", today), 0);
  assert.equal(subscriptionWarningDays("2026-02-28", today), null, "past: sign-in refuses it");
  assert.equal(subscriptionWarningDays(null, today), null);
});

Deno.test("isoToday is the UTC date", () => {
  assert.equal(isoToday(new Date("2026-03-01T23:30:00-03:00")), "2026-03-02");
});
