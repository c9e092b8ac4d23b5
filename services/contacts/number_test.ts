import assert from "node:assert/strict";
import { normaliseNumber } from "./number.ts";

Deno.test("number: a Brazilian mobile, however typed, has one stored form", () => {
  for (
    const typed of [
      "(11) 98765-4321",
      "11987654321",
      "011 98765-4321",
      "+55 (11) 98765-4321",
      "55 11 98765 4321",
      "0055 11 98765-4321",
      " 5511987654321 ",
    ]
  ) {
    assert.equal(normaliseNumber(typed), "5511987654321", typed);
  }
});

Deno.test("number: Brazilian landlines and old 8-digit mobiles get the country code", () => {
  assert.equal(normaliseNumber("(21) 3333-4444"), "552133334444");
  assert.equal(normaliseNumber("(48) 8765-4321"), "554887654321");
  assert.equal(normaliseNumber("0xx21 3333-4444"), "552133334444");
});

Deno.test("number: what is not a Brazilian national number is taken as it is", () => {
  // 11 digits whose third is not a 9: not a Brazilian mobile.
  assert.equal(normaliseNumber("13812345678"), "13812345678");
  // 10 digits starting with an area code that does not exist (20).
  assert.equal(normaliseNumber("2012345678"), "2012345678");
  // 10 digits whose third is 0 or 1 cannot be a Brazilian subscriber number.
  assert.equal(normaliseNumber("1101234567"), "1101234567");
  // Already with Brazil's code.
  assert.equal(normaliseNumber("552133334444"), "552133334444");
});

Deno.test("number: a plus sign means the country code is there", () => {
  // Read without the plus, 2125551234 would be a Rio landline; with it, a US number.
  assert.equal(normaliseNumber("+1 212 555 1234"), "12125551234");
  assert.equal(normaliseNumber("+44 20 7946 0958"), "442079460958");
  assert.equal(normaliseNumber("2125551234"), "552125551234");
});

Deno.test("number: fewer than 8 or more than 15 digits is not a phone number", () => {
  assert.equal(normaliseNumber("1234567"), null);
  assert.equal(normaliseNumber("12345678"), "12345678");
  assert.equal(normaliseNumber("123456789012345"), "123456789012345");
  assert.equal(normaliseNumber("1234567890123456"), null);
  assert.equal(normaliseNumber("not a number"), null);
  assert.equal(normaliseNumber(""), null);
  assert.equal(normaliseNumber("+"), null);
});
