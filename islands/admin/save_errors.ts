/**
 * What the administration forms say when the server refuses a save or a delete: the field
 * messages next to their fields, and one toast. A refusal the server explains with a code
 * the locale knows (a taken name, a plan in use…) is shown as such; anything else gets the
 * screen's own sentence from admin §8.
 */
import { ApiError, errorMessage } from "../../lib/client/api.ts";
import { revealFirstInvalid } from "../../lib/client/modal.ts";
import { fieldErrorsOf, type FieldTexts } from "../../lib/ui/field_errors.ts";
import type { TFunction } from "../../lib/i18n/languages.ts";

/** The refused fields of an answer, in the interface language (lib/ui/field_errors.ts). */
export { fieldErrorsOf };

/** Field to its sentence, as the forms keep them. */
export type FieldErrors = FieldTexts;

/** The toast for a failed operation; `fallbackKey` is the screen's admin §8 sentence. */
export function failureText(err: unknown, fallbackKey: string, t: TFunction): string {
  const explained = err instanceof ApiError && err.status >= 400 && err.status < 500 &&
    err.code !== "ERR_VALIDATION";
  if (explained) {
    const key = `errors.${err.code}`;
    const text = t(key);
    if (text && text !== key) return text;
  }
  return t(fallbackKey);
}

/**
 * A save a dialog's server refused: the field sentences go beside their fields and one line
 * goes in the dialog's error slot above the buttons (a toast would sit under the modal), with
 * the first wrong field brought into view on short screens.
 */
export function dialogRefusal(
  err: unknown,
  t: TFunction,
  dialogId: string,
): { fields: FieldErrors; message: string } {
  const fields = fieldErrorsOf(err, t);
  if (Object.keys(fields).length === 0) return { fields, message: errorMessage(err) };
  revealFirstInvalid(dialogId);
  return { fields, message: t("common.fixFields") };
}
