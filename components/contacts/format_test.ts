import assert from "node:assert/strict";
import { formatPhone, initials } from "./format.ts";

Deno.test("contacts format: Brazilian numbers as people write them, others with a plus", () => {
  assert.equal(formatPhone("5511987654321"), "+55 (11) 98765-4321");
  assert.equal(formatPhone("552133334444"), "+55 (21) 3333-4444");
  assert.equal(formatPhone("12125551234"), "+12125551234");
  assert.equal(formatPhone("120363040000000000"), "+120363040000000000");
});

Deno.test("contacts format: initials of the first and last word", () => {
  assert.equal(initials("Ana Maria Souza"), "AS");
  assert.equal(initials("  zé  "), "Z");
  assert.equal(initials("(Loja) Ótica 2"), "L2");
  assert.equal(initials("😀"), "?");
});
