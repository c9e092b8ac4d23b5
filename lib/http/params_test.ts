import assert from "node:assert/strict";
import { MAX_INTEGER_ID, parseId } from "./params.ts";

Deno.test("parseId() takes ids a Postgres integer can hold and nothing else", () => {
  assert.equal(parseId("1"), 1);
  assert.equal(parseId(42), 42);
  assert.equal(parseId(String(MAX_INTEGER_ID)), MAX_INTEGER_ID);
  for (const bad of ["0", "-1", "1.5", "1e3", "abc", "", "99999999999", "1\u0000", 0, -3, 1.5]) {
    assert.equal(parseId(bad), null, JSON.stringify(bad));
  }
  assert.equal(parseId(MAX_INTEGER_ID + 1), null);
  assert.equal(parseId(undefined), null);
});
