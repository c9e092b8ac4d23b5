/**
 * The rules of the "my profile" form, the user's own subset of the user form (core §5: name
 * 2 to 50 characters, e-mail required and valid, password 5 to 50), as the field error codes
 * the server answers (lib/http/field_errors.ts). A new e-mail or password also needs the
 * current password (issue 15). The server checks the same; this only saves a round trip.
 */
import {
  type FieldError,
  INVALID_EMAIL,
  lengthError,
  REQUIRED,
} from "../../../lib/http/field_errors.ts";

export interface ProfileInput {
  name: string;
  email: string;
  /** Empty keeps the current password. */
  password: string;
  /** Asked only when the e-mail or the password changes. */
  currentPassword: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileInput, FieldError>>;

/** The server's code when a sign-in change comes without the current password. */
export const CURRENT_PASSWORD_REQUIRED: FieldError = { code: "ERR_CURRENT_PASSWORD_REQUIRED" };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether the input changes what signs in (e-mail or password) from `savedEmail`. */
export function changesSignIn(input: ProfileInput, savedEmail: string): boolean {
  return input.password !== "" ||
    input.email.trim().toLowerCase() !== savedEmail.trim().toLowerCase();
}

export function validateProfile(input: ProfileInput, savedEmail: string): ProfileErrors {
  const errors: ProfileErrors = {};
  const name = lengthError(input.name.trim(), 2, 50);
  if (name) errors.name = name;
  const email = input.email.trim();
  if (!email) errors.email = REQUIRED;
  else if (!EMAIL.test(email)) errors.email = INVALID_EMAIL;
  const password = input.password && lengthError(input.password, 5, 50);
  if (password) errors.password = password;
  if (!input.currentPassword && changesSignIn(input, savedEmail)) {
    errors.currentPassword = CURRENT_PASSWORD_REQUIRED;
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
