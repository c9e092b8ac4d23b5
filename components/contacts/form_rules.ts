/**
 * The contact form's rules in the browser, the same as the server's (core §5), so that
 * most mistakes show at once; the server checks again and its answer is shown the same way.
 * Both give field error codes, shown through lib/ui/field_errors.ts.
 */
import {
  type FieldErrors,
  INVALID_EMAIL,
  lengthError,
  REQUIRED,
} from "../../lib/http/field_errors.ts";

export interface ExtraInfoDraft {
  id?: number;
  name: string;
  value: string;
}

export interface ContactDraft {
  name: string;
  number: string;
  email: string;
  extraInfo: ExtraInfoDraft[];
}

export type { FieldErrors };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkContact(draft: ContactDraft): FieldErrors {
  const errors: FieldErrors = {};
  const name = lengthError(draft.name.trim(), 2, 50);
  if (name) errors.name = name;
  const number = lengthError(draft.number.trim(), 8, 50);
  if (number) errors.number = number;
  const email = draft.email.trim();
  if (email !== "" && !EMAIL.test(email)) errors.email = INVALID_EMAIL;
  draft.extraInfo.forEach((field, index) => {
    if (field.name.trim() === "") errors[`extraInfo.${index}.name`] = REQUIRED;
  });
  return errors;
}
