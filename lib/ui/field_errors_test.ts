import assert from "node:assert/strict";
import { createT, LANGUAGES } from "../i18n/mod.ts";
import type { Resource } from "../i18n/languages.ts";
import { RESOURCES } from "../i18n/resources.ts";
import { ApiError } from "../client/api.ts";
import { fieldErrorsOf, fieldText, fieldTexts } from "./field_errors.ts";

const pt = createT("pt-BR");

Deno.test("every validation code reads as a sentence with its limits, in each language", () => {
  assert.equal(fieldText({ code: "ERR_REQUIRED" }, pt), "Obrigatório");
  assert.equal(
    fieldText({ code: "ERR_TOO_SHORT", minimum: 2 }, pt),
    "Muito curto! Mínimo de 2 caracteres.",
  );
  assert.equal(
    fieldText({ code: "ERR_TOO_LONG", maximum: 50 }, createT("en")),
    "Too Long! At most 50 characters.",
  );
  assert.equal(
    fieldText({ code: "ERR_TOO_SMALL", minimum: 0, exclusive: true }, createT("es")),
    "Debe ser mayor que 0.",
  );
  for (const lang of ["pt-BR", "en", "es"] as const) {
    const t = createT(lang);
    for (
      const code of [
        "ERR_REQUIRED",
        "ERR_TOO_SHORT",
        "ERR_TOO_LONG",
        "ERR_TOO_SMALL",
        "ERR_TOO_LARGE",
        "ERR_TOO_FEW",
        "ERR_TOO_MANY",
        "ERR_INVALID_EMAIL",
        "ERR_INVALID_OPTION",
        "ERR_INVALID_NUMBER",
        "ERR_INVALID_DATE",
        "ERR_INVALID_TIME",
        "ERR_INVALID_COLOR",
        "ERR_INVALID",
      ]
    ) {
      const text = fieldText({ code, minimum: 3, maximum: 9 }, t);
      assert.ok(!text.includes("ERR_") && !text.includes("{{"), `${lang} ${code}: ${text}`);
    }
  }
});

Deno.test("a domain code uses its answer sentence; an unknown one reads as invalid", () => {
  assert.equal(fieldText({ code: "ERR_NOT_FOUND" }, pt), "Registro não encontrado.");
  assert.equal(fieldText({ code: "ERR_NO_SUCH_CODE" }, pt), "Valor inválido");
});

Deno.test("a refused call's fields become texts; keyOf folds paths into form fields", () => {
  const err = new ApiError(400, "ERR_VALIDATION", {
    name: { code: "ERR_REQUIRED" },
    "queueIds.0": { code: "ERR_INVALID_NUMBER" },
    "queueIds.1": { code: "ERR_REQUIRED" },
  });
  assert.deepEqual(fieldErrorsOf(err, pt, { keyOf: (path) => path.split(".")[0]! }), {
    name: "Obrigatório",
    queueIds: "Número inválido",
  });
  assert.deepEqual(fieldErrorsOf(new ApiError(409, "ERR_DUPLICATED"), pt), {});
  assert.deepEqual(fieldErrorsOf(new Error("offline"), pt), {});
  assert.deepEqual(fieldTexts({}, pt), {});
  assert.deepEqual(fieldTexts({ name: null, email: undefined }, pt), {}, "checks that passed");
});

Deno.test("a refusal about one field that is not validation is pinned on it by codeFields", () => {
  const taken = new ApiError(409, "ERR_EMAIL_TAKEN");
  assert.deepEqual(fieldErrorsOf(taken, pt, { codeFields: { ERR_EMAIL_TAKEN: "email" } }), {
    email: "Este e-mail já está em uso.",
  });
  assert.deepEqual(fieldErrorsOf(taken, pt), {}, "a toast, when the form names no field");
});

Deno.test("the current-password refusals read as sentences on their field", () => {
  const wrong = new ApiError(400, "ERR_WRONG_CURRENT_PASSWORD", {
    currentPassword: { code: "ERR_WRONG_CURRENT_PASSWORD" },
  });
  assert.deepEqual(fieldErrorsOf(wrong, pt), { currentPassword: "A senha atual não confere." });
  assert.deepEqual(fieldErrorsOf(wrong, createT("en")), {
    currentPassword: "The current password is not right.",
  });
});

Deno.test("every field error code a schema or a form states has a sentence in each language", async () => {
  // `{ code: "ERR_…" }` literals, codes given to zod as a message or an error, and the
  // default codes of the shared field helpers (`code = "ERR_…"`).
  const stated = /(?:code: |message: |error: |, |= )"(ERR_[A-Z_]+)"/g;
  const codes = new Set<string>();
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(new URL(`../../${dir}`, import.meta.url))) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) await walk(path);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes("_test")) {
        const text = await Deno.readTextFile(new URL(`../../${path}`, import.meta.url));
        for (const match of text.matchAll(stated)) codes.add(match[1]!);
      }
    }
  };
  for (const dir of ["routes", "services", "lib", "components", "islands"]) await walk(dir);
  for (const code of ["ERR_INVALID_COLOR", "ERR_WEAK_PASSWORD", "ERR_INVALID_OPTION"]) {
    assert.ok(codes.has(code), `the scan sees ${code}`);
  }
  for (const lang of LANGUAGES) {
    // Straight from the files, so a sentence missing in one language does not hide behind
    // the Portuguese fallback.
    const errors = RESOURCES[lang].errors as Resource;
    const fields = errors.fields as Resource;
    const missing = [...codes].filter((code) =>
      typeof fields[code] !== "string" && typeof errors[code] !== "string"
    );
    assert.deepEqual(missing, [], lang);
  }
  for (const code of Object.keys((RESOURCES["pt-BR"].errors as Resource).fields as Resource)) {
    for (const lang of LANGUAGES) {
      const sentence = fieldText({
        code: code.replace(/_exclusive$/, ""),
        minimum: 3,
        maximum: 9,
        length: 6,
      }, createT(lang));
      assert.ok(!sentence.includes("{{"), `${lang} ${code}: ${sentence}`);
    }
  }
});
