import assert from "node:assert/strict";
import { formatDate } from "./format.ts";

Deno.test("formatDate writes a calendar date the way each language reads it", () => {
  assert.equal(formatDate("2026-12-31", "pt-BR"), "31/12/2026");
  assert.equal(formatDate("2026-12-31", "en"), "12/31/2026");
  assert.equal(formatDate("2026-03-01", "es"), "01/03/2026");
  // Midnight UTC stays the same day whatever the process's time zone.
  assert.equal(formatDate("2026-01-01", "pt-BR"), "01/01/2026");
  assert.equal(formatDate("not a date", "en"), "not a date");
});
