import assert from "node:assert/strict";
import { renderCampaignText, variantAt } from "./render.ts";

const ana = { name: "Ana Souza", email: "ana@example.com", number: "5511987650001" };

Deno.test("render: {nome}, {email}, {numero} and custom variables", () => {
  const text = "Oi {nome} ({email}, {numero}): use {cupom} em {loja}. {desconhecida} {}";
  assert.equal(
    renderCampaignText(text, ana, [{ key: "cupom", value: "BEM10" }, { key: "loja", value: "SP" }]),
    "Oi Ana Souza (ana@example.com, 5511987650001): use BEM10 em SP. {desconhecida} {}",
  );
});

Deno.test("render: the contact's own fields win over a variable of the same name", () => {
  assert.equal(renderCampaignText("{nome}", ana, [{ key: "nome", value: "X" }]), "Ana Souza");
});

Deno.test("render: variants rotate over the filled-in messages, per position", () => {
  const texts = ["A", "", "C", "  ", "E"];
  assert.deepEqual([0, 1, 2, 3, 4, 5].map((i) => variantAt(texts, i)), [
    "A",
    "C",
    "E",
    "A",
    "C",
    "E",
  ]);
  assert.equal(variantAt(["", ""], 3), "");
});
