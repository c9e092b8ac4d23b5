import assert from "node:assert/strict";
import {
  addRecurrence,
  daysUntil,
  dueDateTone,
  normalizeDueDate,
  RECURRENCE_MONTHS,
} from "./due_date.ts";

const today = new Date(2026, 0, 15, 12, 0); // 15 Jan 2026, local time

Deno.test("normalizeDueDate() keeps real dates and turns the rest into null", () => {
  assert.equal(normalizeDueDate("2026-03-01"), "2026-03-01");
  assert.equal(normalizeDueDate(" 2026-03-01 "), "2026-03-01");
  assert.equal(normalizeDueDate("2026-03-01T00:00:00.000Z"), "2026-03-01");
  assert.equal(normalizeDueDate("2024-02-29"), "2024-02-29");
  for (const bad of ["", "  ", "2026-02-30", "2025-02-29", "2026-13-01", "01/03/2026", "soon"]) {
    assert.equal(normalizeDueDate(bad), null, bad);
  }
  for (const bad of [null, undefined, 20260301, {}]) {
    assert.equal(normalizeDueDate(bad), null, String(bad));
  }
});

Deno.test("addRecurrence() adds the recurrence's months, keeping the day when it can", () => {
  assert.deepEqual(RECURRENCE_MONTHS, {
    MENSAL: 1,
    BIMESTRAL: 2,
    TRIMESTRAL: 3,
    SEMESTRAL: 6,
    ANUAL: 12,
  });
  assert.equal(addRecurrence("2026-01-10", "MENSAL"), "2026-02-10");
  assert.equal(addRecurrence("2026-01-10", "BIMESTRAL"), "2026-03-10");
  assert.equal(addRecurrence("2026-01-10", "TRIMESTRAL"), "2026-04-10");
  assert.equal(addRecurrence("2026-08-10", "SEMESTRAL"), "2027-02-10");
  assert.equal(addRecurrence("2026-01-10", "ANUAL"), "2027-01-10");
  assert.equal(addRecurrence("2026-01-31", "MENSAL"), "2026-02-28", "short month: its last day");
  assert.equal(addRecurrence("2028-01-31", "MENSAL"), "2028-02-29", "leap year");
  assert.equal(addRecurrence("2026-12-31", "MENSAL"), "2027-01-31");
  assert.equal(addRecurrence(null, "MENSAL", today), "2026-02-15", "no due date: from today");
  assert.equal(addRecurrence("bad", "ANUAL", today), "2027-01-15");
});

Deno.test("daysUntil() counts calendar days from today", () => {
  assert.equal(daysUntil("2026-01-15", today), 0);
  assert.equal(daysUntil("2026-01-20", today), 5);
  assert.equal(daysUntil("2026-01-11", today), -4);
  assert.equal(daysUntil("2026-03-31", today), 75, "across the end of February");
});

Deno.test("dueDateTone() colours the bands of admin §4 and closes their gaps", () => {
  const tone = (days: number) => {
    const due = new Date(Date.UTC(2026, 0, 15 + days)).toISOString().slice(0, 10);
    return dueDateTone(due, today);
  };
  assert.equal(dueDateTone(null, today), "none");
  assert.equal(tone(30), "none");
  assert.equal(tone(6), "none");
  assert.equal(tone(5), "soon", "5 days ahead: yellow");
  for (const days of [4, 1, 0, -1, -3]) assert.equal(tone(days), "urgent", `${days}: orange`);
  assert.equal(tone(-4), "overdue", "4 days past: red");
  assert.equal(tone(-40), "overdue", "further past stays red");
});
