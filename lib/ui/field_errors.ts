/**
 * The one way a form shows field errors: the server's `ERR_VALIDATION` answer and the
 * form's own checks before sending both give codes with limits (lib/http/field_errors.ts),
 * and this turns them into sentences from `errors.fields.*` in the interface language.
 *
 * @example
 * const found = checkDraft(draft);                  // {name: {code: "ERR_TOO_SHORT", minimum: 2}}
 * setErrors(fieldTexts(found, t));                  // {name: "Muito curto! Mínimo de 2 caracteres."}
 * …
 * catch (err) { setErrors(fieldErrorsOf(err, t)); } // the server's answer, the same way
 */
import type { TFunction } from "../i18n/languages.ts";
import { type FieldError, type FieldErrors, isFieldErrors } from "../http/field_errors.ts";

export type { FieldError, FieldErrors };

/** Field to its translated sentence, as forms keep them. */
export type FieldTexts = Record<string, string>;

/**
 * The sentence of one field error. A domain code a schema states (`ERR_QUEUE_REQUIRED`)
 * may have its sentence among the answer codes (`errors.CODE`) instead; a code neither
 * knows reads as "invalid value" rather than as the code.
 */
export function fieldText(error: FieldError, t: TFunction): string {
  const { code, exclusive, ...limits } = error;
  const values = exclusive ? { ...limits, context: "exclusive" } : limits;
  for (const key of [`errors.fields.${code}`, `errors.${code}`]) {
    const text = t(key, values);
    if (text !== key) return text;
  }
  return t("errors.fields.ERR_INVALID");
}

export interface FieldTextOptions {
  /**
   * The form's field for a path, e.g. the first segment when the form shows one message
   * for a list ("queueIds.3" → "queueIds"); the first error of each field wins.
   */
  keyOf?: (path: string) => string;
  /**
   * Refusals that are not validation but belong next to one field (a taken e-mail, queues
   * that are gone): the answer's code → that field, whose text is the code's sentence.
   */
  codeFields?: Readonly<Record<string, string>>;
}

/**
 * Translates a map of field errors (a form's own checks or the server's `fields`); fields
 * whose check passed (null or undefined) have no text.
 */
export function fieldTexts(
  fields: Readonly<Record<string, FieldError | null | undefined>>,
  t: TFunction,
  { keyOf = (path) => path }: FieldTextOptions = {},
): FieldTexts {
  const texts: FieldTexts = {};
  for (const [path, error] of Object.entries(fields)) {
    if (error) texts[keyOf(path)] ??= fieldText(error, t);
  }
  return texts;
}

/**
 * The translated field errors of a refused call (an `ApiError` of lib/client/api.ts with
 * `fields`, or one whose code `codeFields` pins on a field); `{}` when it was refused
 * otherwise, so the form shows a toast instead.
 */
export function fieldErrorsOf(
  err: unknown,
  t: TFunction,
  options: FieldTextOptions = {},
): FieldTexts {
  if (typeof err !== "object" || err === null) return {};
  const { fields, code } = err as { fields?: unknown; code?: unknown };
  if (isFieldErrors(fields) && Object.keys(fields).length > 0) {
    return fieldTexts(fields, t, options);
  }
  const field = typeof code === "string" ? options.codeFields?.[code] : undefined;
  return field ? { [field]: fieldText({ code: code as string }, t) } : {};
}

/** Whether a form has any error to show (its own or the server's). */
export function hasFieldErrors(texts: FieldTexts): boolean {
  return Object.keys(texts).length > 0;
}
