import assert from "node:assert/strict";
import { parseVcard } from "./vcard.ts";

Deno.test("vcard: name and numbers, WhatsApp's waid first", () => {
  const card = "BEGIN:VCARD\nVERSION:3.0\nN:;Maria Souza;;;\nFN:Maria Souza\n" +
    "item1.TEL;waid=5511988887777:+55 11 98888-7777\nTEL;type=HOME:+55 11 3333-4444\nEND:VCARD";
  assert.deepEqual(parseVcard(card), {
    name: "Maria Souza",
    numbers: ["5511988887777", "+55 11 3333-4444"],
  });
  assert.deepEqual(parseVcard("garbage"), { name: "", numbers: [] });
});
