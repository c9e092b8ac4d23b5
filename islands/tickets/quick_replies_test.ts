import assert from "node:assert/strict";
import { labelOf, moveHighlight, suggestionsFor } from "./quick_replies.ts";

const replies = [
  { id: 1, shortcode: "ola", message: "Olá! Como posso ajudar? Aceitamos pix." },
  {
    id: 2,
    shortcode: "pix",
    message: "Nossa chave Pix é o CNPJ 12.345.678/0001-90, em nome da loja.",
  },
  { id: 3, shortcode: "prazo", message: "Entregamos em até 3 dias úteis." },
];

Deno.test("quick replies: '/' alone lists them all; text without '/' lists none", () => {
  assert.deepEqual(suggestionsFor("/", replies).map((r) => r.id), [1, 2, 3]);
  assert.deepEqual(suggestionsFor("ola", replies), []);
  assert.deepEqual(suggestionsFor("/ ola", replies), []);
});

Deno.test("quick replies: shortcode prefix first, then shortcode, then text matches", () => {
  assert.deepEqual(suggestionsFor("/PI", replies).map((r) => r.id), [2, 1]);
  assert.deepEqual(suggestionsFor("/p", replies).map((r) => r.id), [2, 3, 1]);
  assert.deepEqual(suggestionsFor("/úteis", replies).map((r) => r.id), [3]);
  assert.deepEqual(suggestionsFor("/zzz", replies), []);
});

Deno.test("quick replies: labels cut at 35 characters", () => {
  assert.equal(labelOf(replies[2]!), "prazo – Entregamos em até 3 dias út…");
  assert.equal(labelOf(replies[1]!), "pix – Nossa chave Pix é o CNPJ 12.3…");
  assert.equal(labelOf(replies[1]!).length, 36);
});

Deno.test("quick replies: arrows wrap around the list", () => {
  assert.equal(moveHighlight(0, 3, "ArrowDown"), 1);
  assert.equal(moveHighlight(2, 3, "ArrowDown"), 0);
  assert.equal(moveHighlight(0, 3, "ArrowUp"), 2);
  assert.equal(moveHighlight(0, 0, "ArrowUp"), 0);
});
