/**
 * The rules of the public account forms (sign-up, password reset), as plain functions with
 * no imports: the server's schemas and the browser's islands check the very same things,
 * so a form the page accepts is one the server accepts.
 *
 * Each check answers a field error code with its limits (or null when the value is fine),
 * which the server sends as is and the islands show through lib/ui/field_errors.ts.
 */
import {
  type FieldError,
  INVALID_EMAIL,
  lengthError,
  REQUIRED,
} from "../../lib/http/field_errors.ts";

/** Company name and user name: core §5 (users), admin §7 (sign-up). */
export const NAME_MIN = 2;
export const NAME_MAX = 50;
/** A user's password when an account is created (core §5: 5 to 50, like users). */
export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 50;
/** A new password chosen through the reset flow (admin §5): the stronger rule. */
export const STRONG_PASSWORD_MIN = 8;
/** The phone mask (99) 99999-9999 holds at most 11 digits (core §2). */
export const PHONE_MAX_DIGITS = 11;
/** Digits in an e-mailed password-reset code. */
export const RESET_CODE_DIGITS = 8;
export const EMAIL_MAX = 254;

/** The same pattern zod 4 uses for `z.email()`, so browser and server agree. */
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** Sign-up without a plan chosen. */
export const PLAN_REQUIRED: FieldError = { code: "ERR_PLAN_REQUIRED" };
/** The confirmation of a new password differs from it (checked in the browser only). */
export const PASSWORDS_DIFFER: FieldError = { code: "ERR_PASSWORDS_DIFFER" };
export const INVALID_PHONE: FieldError = { code: "ERR_INVALID_PHONE", maximum: PHONE_MAX_DIGITS };

export function checkName(value: string): FieldError | null {
  return lengthError(value.trim(), NAME_MIN, NAME_MAX);
}

export function checkEmail(value: string): FieldError | null {
  const email = value.trim();
  if (!email) return REQUIRED;
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) return INVALID_EMAIL;
  return null;
}

/** A new account's password: 5 to 50 characters, counted as typed (no trimming). */
export function checkPassword(value: string): FieldError | null {
  return lengthError(value, PASSWORD_MIN, PASSWORD_MAX);
}

/** What the strong rule asks for, one flag each, for the checklist shown while typing. */
export function passwordStrength(value: string) {
  return {
    length: value.length >= STRONG_PASSWORD_MIN,
    upper: /\p{Lu}/u.test(value),
    lower: /\p{Ll}/u.test(value),
    digit: /\p{Nd}/u.test(value),
  };
}

/** Admin §5: at least 8 characters, with an upper-case letter, a lower-case one and a digit. */
export function checkStrongPassword(value: string): FieldError | null {
  if (!value) return REQUIRED;
  if (value.length > PASSWORD_MAX) return { code: "ERR_TOO_LONG", maximum: PASSWORD_MAX };
  const strength = passwordStrength(value);
  return strength.length && strength.upper && strength.lower && strength.digit
    ? null
    : { code: "ERR_WEAK_PASSWORD", minimum: STRONG_PASSWORD_MIN };
}

/** Mask characters an old client may leave in: "(11) 91234-5678", "+55 11 91234 5678"… */
const PHONE_PUNCTUATION = /[\s().\-+]/g;

/**
 * The digits of a phone as the server stores them, or null when the value holds anything
 * but digits and mask punctuation. The page sends digits only; older clients sent the
 * masked text, which is accepted the same.
 */
export function phoneDigits(value: string): string | null {
  const digits = value.replace(PHONE_PUNCTUATION, "");
  return /^\d*$/.test(digits) ? digits : null;
}

/** Optional; when given, digits only (mask punctuation aside) and at most 11 of them. */
export function checkPhone(value: string): FieldError | null {
  const digits = phoneDigits(value);
  if (digits === null || digits.length > PHONE_MAX_DIGITS) return INVALID_PHONE;
  return null;
}

/**
 * The mask "(99) 99999-9999" applied to what was typed so far. Ten digits (a landline)
 * read "(99) 9999-9999", as Brazilians write them; an eleventh moves the hyphen.
 */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, PHONE_MAX_DIGITS);
  if (digits.length === 0) return "";
  if (digits.length <= 2) return `(${digits}`;
  const area = digits.slice(0, 2);
  const rest = digits.slice(2);
  const split = digits.length === PHONE_MAX_DIGITS ? 5 : 4;
  if (rest.length <= split) return `(${area}) ${rest}`;
  return `(${area}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

/** The reset code as typed ("1234 5678", "1234-5678"), reduced to its digits. */
export function normalizeResetCode(value: string): string {
  return value.replace(/[\s\-]/g, "");
}

export function checkResetCode(value: string): FieldError | null {
  const code = normalizeResetCode(value);
  if (!code) return REQUIRED;
  return new RegExp(`^\\d{${RESET_CODE_DIGITS}}$`).test(code)
    ? null
    : { code: "ERR_INVALID_RESET_CODE", length: RESET_CODE_DIGITS };
}

/**
 * Where to go after signing in: the `next` parameter when it is a path on this site, else
 * "/". "//host" and "/\host" are read by browsers as another site, and control characters
 * could smuggle one in, so those fall back to "/" as well.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/")) return "/";
  if (next.startsWith("//") || next.startsWith("/\\")) return "/";
  // deno-lint-ignore no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return "/";
  return next;
}
