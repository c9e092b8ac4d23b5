import assert from "node:assert/strict";
import { parseDay } from "./dates.ts";

Deno.test("parseDay() keeps real calendar days and refuses the rest", () => {
  assert.equal(parseDay("2024-02-29"), "2024-02-29");
  assert.equal(parseDay(" 2026-03-01T10:00:00Z "), "2026-03-01");
  for (
    const bad of [
      "2026-02-30",
      "2025-02-29",
      "2026-13-01",
      "2026-00-10",
      "0001-01-01",
      "26-1-1",
      "",
      "x",
    ]
  ) {
    assert.equal(parseDay(bad), null, bad);
  }
  assert.equal(parseDay(20260101), null);
});
