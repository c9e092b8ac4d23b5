/** A failed save in the campaign area's dialogs: field codes under the fields, else a toast. */
import { fieldErrorsOf } from "../admin/save_errors.ts";
import { ApiError } from "../../lib/client/api.ts";
import type { TFunction } from "../../lib/i18n/languages.ts";
import { toastError } from "../../lib/ui/toast.ts";

export function showSaveFailure(
  err: unknown,
  t: TFunction,
  setErrors: (fields: Record<string, string>) => void,
): void {
  const fields = fieldErrorsOf(err, t);
  if (Object.keys(fields).length > 0) setErrors(fields);
  else toastError(err instanceof ApiError ? err.code : undefined);
}
