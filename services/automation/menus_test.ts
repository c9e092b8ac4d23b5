import assert from "node:assert/strict";
import { createT, DEFAULT_LANG } from "../../lib/i18n/mod.ts";
import { chosen, menuText } from "./menus.ts";
import { ratingOf } from "./rating.ts";

const t = createT(DEFAULT_LANG);
const choices = [{ key: "1", title: "Vendas" }, { key: "2", title: "Suporte" }];

Deno.test("menus - the intro, one line per choice, the way back; an invalid line first", () => {
  assert.equal(
    menuText(t, { intro: "Olá!", choices, back: true, home: true, invalid: true }),
    "Opção inválida, por favor, escolha uma opção válida.\n\nOlá!\n\n" +
      "*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte\n*[ 0 ]* - Menu anterior\n*[ # ]* - Menu inicial",
  );
  // Without a greeting the menu still says what it is.
  assert.match(menuText(t, { intro: " ", choices }), /^Escolha uma das opções abaixo:\n\n/);
});

Deno.test("menus - a choice is its key, whatever the case and spaces", () => {
  assert.equal(chosen(choices, " 2 ")?.title, "Suporte");
  assert.equal(chosen([{ key: "A", title: "x" }], "a")?.title, "x");
  assert.equal(chosen(choices, "3"), undefined);
  assert.equal(chosen(choices, ""), undefined);
});

Deno.test("rating - only 1, 2 or 3 count", () => {
  assert.equal(ratingOf("3"), 3);
  assert.equal(ratingOf(" 1. "), 1);
  for (const text of ["4", "0", "10", "3 estrelas", "ótimo", "", "2,5", "NaN"]) {
    assert.equal(ratingOf(text), null, text);
  }
});
