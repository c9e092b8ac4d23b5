import assert from "node:assert/strict";
import { DEFAULT_OPENING_HOURS } from "../companies/weekdays.ts";
import { isOpen, openedBetween } from "./hours.ts";

// 2026-01-05 is a Monday; times are local, as the chatbot reads them.
const at = (day: number, hour: number, minute = 0) => new Date(2026, 0, day, hour, minute);
const week = DEFAULT_OPENING_HOURS;

Deno.test("hours - the spec's default week: weekdays 08-18, Saturday 08-12, Sunday closed", () => {
  assert.equal(isOpen(week, at(5, 7, 59)), false);
  assert.equal(isOpen(week, at(5, 8)), true);
  assert.equal(isOpen(week, at(5, 17, 59)), true);
  assert.equal(isOpen(week, at(5, 18)), false);
  assert.equal(isOpen(week, at(10, 11)), true); // Saturday
  assert.equal(isOpen(week, at(10, 12)), false);
  assert.equal(isOpen(week, at(11, 10)), false); // Sunday 00:00-00:00
});

Deno.test("hours - no hours set is always open; a missing day is closed", () => {
  assert.equal(isOpen([], at(11, 3)), true);
  const mondays = week.filter((day) => day.weekdayEn === "monday");
  assert.equal(isOpen(mondays, at(6, 10)), false);
});

Deno.test("hours - one closed stretch runs from closing to the next opening", () => {
  // Monday 19:00 → Tuesday 07:59: the same night.
  assert.equal(openedBetween(week, at(5, 19), at(6, 7, 59)), false);
  // Monday 19:00 → Tuesday 19:00: Tuesday opened in between.
  assert.equal(openedBetween(week, at(5, 19), at(6, 19)), true);
  // Saturday 13:00 → Monday 07:00: the whole weekend is one stretch.
  assert.equal(openedBetween(week, at(10, 13), at(12, 7)), false);
  assert.equal(openedBetween(week, at(10, 13), at(12, 8)), true);
});
