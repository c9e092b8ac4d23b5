import assert from "node:assert/strict";
import { formatTaxDocument, parseTaxDocument } from "./document.ts";

Deno.test("[isp] CPF and CNPJ check digits, typed with or without punctuation", () => {
  assert.deepEqual(parseTaxDocument("529.982.247-25"), { kind: "cpf", digits: "52998224725" });
  assert.deepEqual(parseTaxDocument(" 52998224725 "), { kind: "cpf", digits: "52998224725" });
  assert.deepEqual(parseTaxDocument("11.222.333/0001-81"), {
    kind: "cnpj",
    digits: "11222333000181",
  });
  assert.equal(formatTaxDocument(parseTaxDocument("52998224725")!), "529.982.247-25");
  assert.equal(formatTaxDocument(parseTaxDocument("11222333000181")!), "11.222.333/0001-81");
  for (const wrong of ["529.982.247-26", "11.222.333/0001-80", "111.111.111-11", "1234", "abc"]) {
    assert.equal(parseTaxDocument(wrong), null, wrong);
  }
});
