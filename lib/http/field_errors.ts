/**
 * The shape of a refused field, shared by the server's validation (validate.ts) and the
 * browser's checks before sending (so both say the same thing the same way). A field error
 * is a code with the limits its sentence needs; the sentence itself lives in
 * `locales/<lang>/errors.fields.json` and `lib/ui/field_errors.ts` translates it.
 *
 * @example
 * { name: { code: "ERR_TOO_SHORT", minimum: 2 }, email: { code: "ERR_INVALID_EMAIL" } }
 */

export interface FieldError {
  code: string;
  minimum?: number;
  maximum?: number;
  /** The exact length a value must have (a code of 8 digits). */
  length?: number;
  /** The bound itself is refused too (e.g. "greater than 0" rather than "at least 0"). */
  exclusive?: boolean;
}

/** Field path ("name", "extraInfo.0.name", "" for the whole value) to its first error. */
export type FieldErrors = Record<string, FieldError>;

export const REQUIRED: FieldError = { code: "ERR_REQUIRED" };
export const INVALID_EMAIL: FieldError = { code: "ERR_INVALID_EMAIL" };
export const INVALID_NUMBER: FieldError = { code: "ERR_INVALID_NUMBER" };

/**
 * The length rule of a text field as the server's schemas state it (`.min(1)` for required,
 * then `.min(minimum)` and `.max(maximum)`): the error, or null when the text fits.
 */
export function lengthError(value: string, minimum: number, maximum: number): FieldError | null {
  if (value === "") return REQUIRED;
  if (value.length < minimum) return { code: "ERR_TOO_SHORT", minimum };
  if (value.length > maximum) return { code: "ERR_TOO_LONG", maximum };
  return null;
}

/** A value looks like a field map sent by the server: every entry has a code. */
export function isFieldErrors(value: unknown): value is FieldErrors {
  return typeof value === "object" && value !== null && !Array.isArray(value) &&
    Object.values(value).every((item) =>
      typeof item === "object" && item !== null && typeof (item as FieldError).code === "string"
    );
}
