/**
 * Values that clients written for Whaticket send where a stricter API would expect another
 * type (issue 15, "What Whaticket's clients send"). Each helper is a zod `preprocess` step:
 * it turns the client's spelling into the canonical value and leaves anything else for the
 * schema to check, so the rules stay the schema's.
 */

/**
 * A select left at "none": the screens send `false` (or "" from a blank form field) where
 * they mean "no connection", "no prompt", "no integration". Both become null.
 */
export function noneAsNull(value: unknown): unknown {
  return value === false || value === "" ? null : value;
}

/** The user dialog's `allTicket` option is spelled "desabled" in the original screens. */
export function allTicketSpelling(value: unknown): unknown {
  return value === "desabled" ? "disabled" : value;
}

/**
 * A price typed in a Brazilian form: "199,9" or "1.199,90" (dot for thousands, comma for
 * decimals) become 199.9 and 1199.9; "199.9" stays as it is. Text that is not a plain
 * number is left as text, for the schema to refuse.
 */
export function decimalText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  const normalized = text.includes(",")
    ? text.replace(/\.(?=\d{3}(\D|$))/g, "").replace(",", ".")
    : text;
  return /^\d+(\.\d+)?$/.test(normalized) ? Number(normalized) : value;
}
