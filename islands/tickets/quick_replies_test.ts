import assert from "node:assert/strict";
import { labelOf, suggestionsFor } from "./quick_replies.ts";

const replies = [
  { id: 1, shortcode: "ola", message: "Olá! Como posso ajudar?" },
  {
    id: 2,
    shortcode: "pix",
    message: "Nossa chave Pix é o CNPJ 12.345.678/0001-90, em nome da loja.",
  },
];

Deno.test("quick replies: only after '/' and one more character", () => {
  assert.deepEqual(suggestionsFor("/", replies), []);
  assert.deepEqual(suggestionsFor("ola", replies), []);
  assert.deepEqual(suggestionsFor("/o", replies).map((r) => r.id), [1, 2]);
  assert.deepEqual(suggestionsFor("/PI", replies).map((r) => r.id), [2]);
});

Deno.test("quick replies: labels cut at 35 characters", () => {
  assert.equal(labelOf(replies[0]!), "ola – Olá! Como posso ajudar?");
  assert.equal(labelOf(replies[1]!), "pix – Nossa chave Pix é o CNPJ 12.3…");
  assert.equal(labelOf(replies[1]!).length, 36);
});
