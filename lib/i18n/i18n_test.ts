import assert from "node:assert/strict";
import { RESOURCES } from "./resources.ts";
import { createT, i18nClientData, languageFromRequest, LANGUAGES } from "./mod.ts";
import { initClientI18n, t as clientT } from "./client.ts";
import { makeT } from "./instance.ts";
import type { Resource } from "./languages.ts";

/** Every leaf of a resource as [dotted key, value]. */
function leaves(resource: Resource, prefix = ""): Array<[string, unknown]> {
  return Object.entries(resource).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === "object" && value !== null ? leaves(value, path) : [[path, value]];
  });
}

Deno.test("every key exists in all three locales, as a non-empty string", () => {
  const reference = new Set(leaves(RESOURCES["pt-BR"]).map(([key]) => key));
  for (const lang of LANGUAGES) {
    const entries = leaves(RESOURCES[lang]);
    const keys = new Set(entries.map(([key]) => key));
    assert.deepEqual([...reference].filter((key) => !keys.has(key)), [], `missing in ${lang}`);
    assert.deepEqual([...keys].filter((key) => !reference.has(key)), [], `only in ${lang}`);
    for (const [key, value] of entries) {
      assert.equal(typeof value, "string", `${lang}:${key} is not a string`);
      assert.notEqual((value as string).trim(), "", `${lang}:${key} is empty`);
    }
  }
});

Deno.test("the shared error codes are translated in every language", () => {
  const codes = [
    "ERR_VALIDATION",
    "ERR_INVALID_JSON",
    "ERR_NOT_FOUND",
    "ERR_INTERNAL",
    "ERR_PAYLOAD_TOO_LARGE",
    "ERR_BAD_REQUEST",
    "ERR_NO_PERMISSION",
  ];
  for (const lang of LANGUAGES) {
    const t = createT(lang);
    for (const code of codes) {
      assert.notEqual(t(`errors.${code}`), `errors.${code}`, `${lang} ${code}`);
    }
  }
  assert.equal(createT("pt-BR")("errors.ERR_NOT_FOUND"), "Registro não encontrado.");
  assert.equal(createT("es")("errors.ERR_NOT_FOUND"), "Registro no encontrado.");
});

Deno.test("interpolation and plurals", () => {
  assert.equal(
    createT("en")("common.footer", { version: "9.9.9" }).startsWith("Balcão 9.9.9 ·"),
    true,
  );
  assert.equal(createT("pt-BR")("home.plan.daysLeft", { count: 1 }), "Falta 1 dia");
  assert.equal(createT("pt-BR")("home.plan.daysLeft", { count: 3 }), "Faltam 3 dias");
  assert.equal(createT("es")("home.plan.daysLeft", { count: 2 }), "Faltan 2 días");
  // A `_zero` form wins for 0 in every language (Portuguese would otherwise say "one").
  assert.equal(createT("pt-BR")("home.plan.daysLeft", { count: 0 }), "Vence hoje");
  assert.equal(
    createT("en")("shell.subscriptionWarning", { count: 0 }),
    "Your subscription expires today",
  );
  // Preact escapes output, so i18next must not escape a second time.
  assert.equal(createT("en")("common.footer", { version: "<b>" }).includes("<b>"), true);
});

Deno.test("a key missing in a language falls back to Portuguese, then to the key", () => {
  const t = makeT("en", {
    en: { common: { home: "Home" } },
    "pt-BR": { common: { home: "Início", save: "Salvar" } },
  });
  assert.equal(t("common.home"), "Home");
  assert.equal(t("common.save"), "Salvar");
  assert.equal(t("common.nothing"), "common.nothing");
});

Deno.test("createT builds one translator per language and reuses it", () => {
  assert.equal(createT("es"), createT("es"));
  assert.notEqual(createT("es"), createT("en"));
  assert.equal(createT("es")("common.save"), "Guardar");
});

Deno.test("languageFromRequest: cookie, then Accept-Language, then Portuguese", () => {
  assert.equal(languageFromRequest(undefined, undefined), "pt-BR");
  assert.equal(languageFromRequest("lang=en", "es"), "en");
  assert.equal(languageFromRequest("theme=dark; lang=es", null), "es");
  assert.equal(languageFromRequest("lang=fr", "en-US,en;q=0.9"), "en");
  assert.equal(languageFromRequest("", "fr-FR, es-419;q=0.8, en;q=0.5"), "es");
  assert.equal(languageFromRequest(null, "en;q=0.4, pt-PT;q=0.9"), "pt-BR");
  assert.equal(languageFromRequest(null, "de, fr;q=0.8"), "pt-BR");
  assert.equal(languageFromRequest(null, "en;q=0, es;q=0.1"), "es");
  assert.equal(languageFromRequest("lang=%E0%A4%A", "garbage;;q=x"), "pt-BR");
});

Deno.test("client translator: the same keys as the server, from the boot data only", () => {
  const data = i18nClientData("es");
  assert.equal(data.lang, "es");
  assert.deepEqual(Object.keys(data.resources).sort(), [
    "common",
    "errors",
    "language",
    "theme",
    "toast",
  ]);
  // Boot data is plain JSON, as it travels to the browser.
  initClientI18n(JSON.parse(JSON.stringify(data)));
  for (const key of ["theme.switchToDark", "errors.ERR_VALIDATION", "common.footer"]) {
    assert.equal(clientT(key, { version: "1" }), createT("es")(key, { version: "1" }));
  }
  // Page-only groups are not shipped to the browser.
  assert.equal(clientT("home.title"), "home.title");
});

Deno.test("client translator ignores malformed boot data", () => {
  initClientI18n(i18nClientData("en"));
  initClientI18n({ lang: "xx", resources: {} });
  initClientI18n(null);
  assert.equal(clientT("common.save"), "Save");
});
