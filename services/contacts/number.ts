/**
 * One spelling per phone number, so that "(11) 98765-4321", "+55 11 98765-4321" and
 * "5511987654321" are the same contact. The stored form is digits only, country code
 * first (E.164 without the plus), which is also what WhatsApp addresses are made of.
 *
 * The rules, in order:
 * 1. A leading "+" means the writer gave the country code: the digits are taken as they are.
 * 2. Otherwise a leading "00" is the international call prefix and is dropped, with the
 *    same meaning as "+".
 * 3. Otherwise a leading "0" before a Brazilian number is the national trunk prefix
 *    ("(011) 98765-4321") and is dropped.
 * 4. A Brazilian number written without the country code gets "55": 11 digits starting
 *    with a valid area code (DDD) and a 9 (mobile), or 10 digits starting with a valid
 *    area code and a digit from 2 to 9 (landline, or a mobile in the old 8-digit form).
 *    A 10-digit number from elsewhere written without its country code (a US number, say)
 *    reads as Brazilian when its first two digits are a Brazilian area code: the product
 *    serves Brazil first, and a "+" in front removes the doubt.
 * 5. What remains must have 8 to 15 digits (E.164's maximum); anything else is invalid.
 *
 * The ninth digit of Brazilian mobiles is neither added nor removed: WhatsApp still knows
 * some accounts by the old 8-digit form, and the connection's own check settles it later.
 */

/** Brazil's area codes (DDD) in use. */
const BRAZILIAN_AREA_CODES = new Set([
  11,
  12,
  13,
  14,
  15,
  16,
  17,
  18,
  19,
  21,
  22,
  24,
  27,
  28,
  31,
  32,
  33,
  34,
  35,
  37,
  38,
  41,
  42,
  43,
  44,
  45,
  46,
  47,
  48,
  49,
  51,
  53,
  54,
  55,
  61,
  62,
  63,
  64,
  65,
  66,
  67,
  68,
  69,
  71,
  73,
  74,
  75,
  77,
  79,
  81,
  82,
  83,
  84,
  85,
  86,
  87,
  88,
  89,
  91,
  92,
  93,
  94,
  95,
  96,
  97,
  98,
  99,
]);

export const MIN_NUMBER_DIGITS = 8;
export const MAX_NUMBER_DIGITS = 15;

/** A Brazilian national number (area code + subscriber) without the country code. */
function isBrazilianNational(digits: string): boolean {
  if (!BRAZILIAN_AREA_CODES.has(Number(digits.slice(0, 2)))) return false;
  if (digits.length === 11) return digits[2] === "9";
  if (digits.length === 10) return digits[2] !== "0" && digits[2] !== "1";
  return false;
}

/** The stored form of a typed number, or null when it cannot be a phone number. */
export function normaliseNumber(raw: string): string | null {
  const trimmed = raw.trim();
  let digits = trimmed.replace(/\D/g, "");
  const hasCountryCode = trimmed.startsWith("+") || digits.startsWith("00");
  if (digits.startsWith("00")) digits = digits.slice(2);
  if (!hasCountryCode) {
    if (digits.startsWith("0") && isBrazilianNational(digits.slice(1))) digits = digits.slice(1);
    if (isBrazilianNational(digits)) digits = `55${digits}`;
  }
  if (digits.length < MIN_NUMBER_DIGITS || digits.length > MAX_NUMBER_DIGITS) return null;
  return digits;
}
