/**
 * Brazilian taxpayer numbers as a customer types them: CPF (11 digits, people) or CNPJ
 * (14 digits, companies), with or without dots, dashes and slashes. Valid only when both
 * check digits match (Receita Federal's modulus-11 rule); numbers of one repeated digit pass
 * that rule but are never issued, so they are refused too.
 */
export type TaxDocument = { kind: "cpf" | "cnpj"; digits: string };

/** The document in `text`, or null when it is not a valid CPF or CNPJ. */
export function parseTaxDocument(text: string): TaxDocument | null {
  const trimmed = text.trim();
  if (!/^[\d.\-/\s]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, "");
  if (/^(\d)\1*$/.test(digits)) return null;
  if (digits.length === 11 && checkDigitsMatch(digits, 9, cpfWeights)) {
    return { kind: "cpf", digits };
  }
  if (digits.length === 14 && checkDigitsMatch(digits, 12, cnpjWeights)) {
    return { kind: "cnpj", digits };
  }
  return null;
}

/** CPF weights run 10, 9, … 2 for the first digit and 11 … 2 for the second. */
const cpfWeights = (length: number) => Array.from({ length }, (_, i) => length + 1 - i);
/** CNPJ weights run 5, 4, 3, 2, 9, 8, … 2 (and 6, 5, … for the second digit). */
const cnpjWeights = (length: number) =>
  Array.from({ length }, (_, i) => ((length - 1 - i) % 8) + 2);

function checkDigitsMatch(
  digits: string,
  baseLength: number,
  weights: (length: number) => number[],
): boolean {
  for (const length of [baseLength, baseLength + 1]) {
    const sum = weights(length).reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
    const rest = sum % 11;
    const expected = rest < 2 ? 0 : 11 - rest;
    if (Number(digits[length]) !== expected) return false;
  }
  return true;
}

/** "123.456.789-09" or "12.345.678/0001-95", as billing systems often store it. */
export function formatTaxDocument(document: TaxDocument): string {
  const d = document.digits;
  return document.kind === "cpf"
    ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`
    : `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}
