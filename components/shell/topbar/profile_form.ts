/**
 * The rules of the "my profile" form, the user's own subset of the user form (core §5: name
 * 2 to 50 characters, e-mail required and valid, password 5 to 50), as i18n keys under
 * `shell.profile.errors`. A new e-mail or password also needs the current password (issue
 * 15). The server checks the same; this only saves a round trip.
 */

export interface ProfileInput {
  name: string;
  email: string;
  /** Empty keeps the current password. */
  password: string;
  /** Asked only when the e-mail or the password changes. */
  currentPassword: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileInput, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether the input changes what signs in (e-mail or password) from `savedEmail`. */
export function changesSignIn(input: ProfileInput, savedEmail: string): boolean {
  return input.password !== "" ||
    input.email.trim().toLowerCase() !== savedEmail.trim().toLowerCase();
}

export function validateProfile(input: ProfileInput, savedEmail: string): ProfileErrors {
  const errors: ProfileErrors = {};
  const name = input.name.trim();
  if (!name) errors.name = "required";
  else if (name.length < 2) errors.name = "tooShort";
  else if (name.length > 50) errors.name = "tooLong";
  const email = input.email.trim();
  if (!email) errors.email = "required";
  else if (!EMAIL.test(email)) errors.email = "invalidEmail";
  if (input.password) {
    if (input.password.length < 5) errors.password = "tooShort";
    else if (input.password.length > 50) errors.password = "tooLong";
  }
  if (!input.currentPassword && changesSignIn(input, savedEmail)) {
    errors.currentPassword = "currentRequired";
  }
  return errors;
}

/**
 * The body of `PUT /api/users/{id}`: the password only when a new one was typed, the current
 * one only when the e-mail or password changes.
 */
export function profileBody(input: ProfileInput, savedEmail: string): Record<string, string> {
  const body: Record<string, string> = { name: input.name.trim(), email: input.email.trim() };
  if (input.password) body.password = input.password;
  if (input.currentPassword && changesSignIn(input, savedEmail)) {
    body.currentPassword = input.currentPassword;
  }
  return body;
}

/** The spec's validation texts as the server may send them, mapped to our keys. */
const SERVER_MESSAGES: Record<string, string> = {
  "Too Short!": "tooShort",
  "Too Long!": "tooLong",
  "Required": "required",
  "Invalid email": "invalidEmail",
};

/** Field errors from a refused save: known texts become keys, others are kept as sent. */
export function serverFieldErrors(fields: Record<string, string> | undefined): {
  keys: ProfileErrors;
  raw: ProfileErrors;
} {
  const keys: ProfileErrors = {};
  const raw: ProfileErrors = {};
  for (const field of ["name", "email", "password", "currentPassword"] as const) {
    const message = fields?.[field];
    if (!message) continue;
    const key = SERVER_MESSAGES[message];
    if (key) keys[field] = key;
    else raw[field] = message;
  }
  return { keys, raw };
}
