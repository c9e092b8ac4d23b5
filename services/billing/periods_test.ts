import assert from "node:assert/strict";
import { FakeClock } from "../../lib/clock.ts";
import { extendedDueDate, invoiceValue } from "./periods.ts";

Deno.test("an invoice costs the plan's monthly price times the recurrence's months", () => {
  assert.equal(invoiceValue(149.9, "MENSAL"), 149.9);
  assert.equal(invoiceValue(149.9, "TRIMESTRAL"), 449.7);
  assert.equal(invoiceValue(10.01, "ANUAL"), 120.12);
});

Deno.test("a payment extends from the later of the old due date and today", async (t) => {
  const clock = new FakeClock(new Date("2026-03-10T12:00:00Z"));
  await t.step("paid early: from the old due date", () => {
    assert.equal(extendedDueDate("2026-03-15", "MENSAL", clock.now()), "2026-04-15");
  });
  await t.step("paid late: from today", () => {
    assert.equal(extendedDueDate("2026-02-01", "MENSAL", clock.now()), "2026-04-10");
  });
  await t.step("no due date: from today", () => {
    assert.equal(extendedDueDate(null, "BIMESTRAL", clock.now()), "2026-05-10");
  });
  await t.step("due today counts as today", () => {
    assert.equal(extendedDueDate("2026-03-10", "SEMESTRAL", clock.now()), "2026-09-10");
  });
});

Deno.test("month ends and leap years keep the last day of a shorter month", async (t) => {
  const clock = new FakeClock(new Date("2024-01-01T00:00:00Z"));
  await t.step("31 Jan 2024 + 1 month is 29 Feb (leap year)", () => {
    assert.equal(extendedDueDate("2024-01-31", "MENSAL", clock.now()), "2024-02-29");
  });
  clock.set(new Date("2025-01-01T00:00:00Z"));
  await t.step("31 Jan 2025 + 1 month is 28 Feb", () => {
    assert.equal(extendedDueDate("2025-01-31", "MENSAL", clock.now()), "2025-02-28");
  });
  await t.step("29 Feb 2024 + 12 months is 28 Feb 2025", () => {
    clock.set(new Date("2024-02-01T00:00:00Z"));
    assert.equal(extendedDueDate("2024-02-29", "ANUAL", clock.now()), "2025-02-28");
  });
  await t.step("31 Aug + 6 months crosses the year into February", () => {
    clock.set(new Date("2027-08-01T00:00:00Z"));
    assert.equal(extendedDueDate("2027-08-31", "SEMESTRAL", clock.now()), "2028-02-29");
  });
  await t.step("30 Nov + 3 months is 28 Feb of a common year", () => {
    clock.set(new Date("2026-11-01T00:00:00Z"));
    assert.equal(extendedDueDate("2026-11-30", "TRIMESTRAL", clock.now()), "2027-02-28");
  });
  await t.step("late at night UTC is still that UTC day", () => {
    clock.set(new Date("2026-01-31T23:59:59Z"));
    assert.equal(extendedDueDate("2026-01-01", "MENSAL", clock.now()), "2026-02-28");
  });
});
