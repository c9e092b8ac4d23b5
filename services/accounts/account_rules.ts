/**
 * The rules of the public account forms (sign-up, password reset), as plain functions with
 * no imports: the server's schemas and the browser's islands check the very same things,
 * so a form the page accepts is one the server accepts.
 *
 * Each check answers a message key under `public.validation` (or null when the value is
 * fine); the server and the islands translate it in the visitor's language.
 */

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

export type RuleKey =
  | "required"
  | "tooShort"
  | "tooLong"
  | "invalidEmail"
  | "phoneInvalid"
  | "planRequired"
  | "weakPassword"
  | "passwordsDiffer"
  | "codeInvalid";

export function checkName(value: string): RuleKey | null {
  const name = value.trim();
  if (!name) return "required";
  if (name.length < NAME_MIN) return "tooShort";
  if (name.length > NAME_MAX) return "tooLong";
  return null;
}

export function checkEmail(value: string): RuleKey | null {
  const email = value.trim();
  if (!email) return "required";
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) return "invalidEmail";
  return null;
}

/** A new account's password: 5 to 50 characters, counted as typed (no trimming). */
export function checkPassword(value: string): RuleKey | null {
  if (!value) return "required";
  if (value.length < PASSWORD_MIN) return "tooShort";
  if (value.length > PASSWORD_MAX) return "tooLong";
  return null;
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
export function checkStrongPassword(value: string): RuleKey | null {
  if (!value) return "required";
  if (value.length > PASSWORD_MAX) return "tooLong";
  const strength = passwordStrength(value);
  return strength.length && strength.upper && strength.lower && strength.digit
    ? null
    : "weakPassword";
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
export function checkPhone(value: string): RuleKey | null {
  const digits = phoneDigits(value);
  if (digits === null || digits.length > PHONE_MAX_DIGITS) return "phoneInvalid";
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

export function checkResetCode(value: string): RuleKey | null {
  const code = normalizeResetCode(value);
  if (!code) return "required";
  return new RegExp(`^\\d{${RESET_CODE_DIGITS}}$`).test(code) ? null : "codeInvalid";
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
