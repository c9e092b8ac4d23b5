import assert from "node:assert/strict";
import { containsPattern, pageClause, pageOf, phoneDigitsPattern } from "./paging.ts";

Deno.test("paging - one row more than a page tells hasMore", () => {
  const rows = Array.from({ length: 21 }, (_, i) => i);
  assert.deepEqual(pageOf(rows), { rows: rows.slice(0, 20), hasMore: true });
  assert.deepEqual(pageOf(rows.slice(0, 20)), { rows: rows.slice(0, 20), hasMore: false });
});

Deno.test("paging - page 3 skips two pages and asks for one extra row", () => {
  assert.deepEqual(pageClause(3).toQuery(), { text: "limit $1 offset $2", values: [21, 40] });
});

Deno.test("paging - search text is lowercased and its wildcards are literal", () => {
  assert.equal(containsPattern("Ab"), "%ab%");
  assert.equal(containsPattern("50%_off\\"), "%50\\%\\_off\\\\%");
});

Deno.test("phoneDigitsPattern: numbers as people write them, never names", () => {
  assert.equal(phoneDigitsPattern("(11) 98765-4321"), "%11987654321%");
  assert.equal(phoneDigitsPattern(" +55 11 9876 "), "%55119876%");
  assert.equal(phoneDigitsPattern("98765"), "%98765%");
  assert.equal(phoneDigitsPattern("Cliente 42"), undefined);
  assert.equal(phoneDigitsPattern("zé 1"), undefined);
  assert.equal(phoneDigitsPattern("()-"), undefined);
});
