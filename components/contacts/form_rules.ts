/**
 * The contact form's rules in the browser, the same as the server's (core §5), so that
 * most mistakes show at once; the server checks again and its answer is shown the same way.
 * Messages are the spec's, which the API also answers; `fieldMessageKey` translates them.
 */

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

export type FieldErrors = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function lengthRule(value: string, min: number, max: number): string | undefined {
  if (value === "") return "Required";
  if (value.length < min) return "Too Short!";
  if (value.length > max) return "Too Long!";
  return undefined;
}

export function checkContact(draft: ContactDraft): FieldErrors {
  const errors: FieldErrors = {};
  const name = lengthRule(draft.name.trim(), 2, 50);
  if (name) errors.name = name;
  const number = lengthRule(draft.number.trim(), 8, 50);
  if (number) errors.number = number;
  const email = draft.email.trim();
  if (email !== "" && !EMAIL.test(email)) errors.email = "Invalid email";
  draft.extraInfo.forEach((field, index) => {
    if (field.name.trim() === "") errors[`extraInfo.${index}.name`] = "Required";
  });
  return errors;
}

const MESSAGE_KEYS: Record<string, string> = {
  "Required": "contacts.validation.required",
  "Too Short!": "contacts.validation.tooShort",
  "Too Long!": "contacts.validation.tooLong",
  "Invalid email": "contacts.validation.invalidEmail",
  "Invalid number": "contacts.validation.invalidNumber",
};

/** The translation key of a field message; unknown messages fall back to "invalid". */
export function fieldMessageKey(message: string): string {
  return MESSAGE_KEYS[message] ?? "contacts.validation.invalid";
}
