/**
 * Every error code the administration's routes and services throw has a translation in
 * each language, so the browser never shows a raw `ERR_…` (core §8).
 */
import assert from "node:assert/strict";
import { createT, LANGUAGES } from "../../lib/i18n/mod.ts";

const SOURCES = [
  "routes/api/plans.ts",
  "routes/api/companies.ts",
  "routes/api/helps.ts",
  "routes/api/settings.ts",
  "services/plans/plans.ts",
  "services/companies/companies.ts",
  "services/companies/company_writes.ts",
  "services/helps/helps.ts",
  "services/settings/settings.ts",
];

Deno.test("the administration's error codes are translated in every language", async () => {
  const codes = new Set<string>();
  for (const file of SOURCES) {
    const text = await Deno.readTextFile(new URL(`../../${file}`, import.meta.url));
    for (const match of text.matchAll(/AppError\("(ERR_[A-Z_]+)"/g)) codes.add(match[1]!);
  }
  assert.ok(codes.size >= 10, `found the codes: ${[...codes].join(", ")}`);
  for (const lang of LANGUAGES) {
    const t = createT(lang);
    for (const code of codes) {
      const text = t(`errors.${code}`);
      assert.notEqual(text, `errors.${code}`, `${lang} lacks errors.${code}`);
    }
  }
});
