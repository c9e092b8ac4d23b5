/**
 * Small helpers the public forms share: rule errors in the visitor's language, the
 * focus on the first field in error, and the text of a failed sign-in or submit.
 */
import type { TFunction } from "../../lib/i18n/languages.ts";
import type { FieldError } from "../../lib/http/field_errors.ts";
import { ApiError, errorMessage } from "../../lib/client/api.ts";
import { fieldText } from "../../lib/ui/field_errors.ts";

/** A rule's error (the same codes the server answers) as its sentence, or undefined. */
export function ruleText(t: TFunction, error: FieldError | null) {
  return error ? fieldText(error, t) : undefined;
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Focuses the first field (in form order) that has an error; answers whether one had. */
export function focusFirstError<F extends string>(
  errors: FieldErrors<F>,
  order: Array<[F, string]>,
): boolean {
  for (const [field, id] of order) {
    if (errors[field]) {
      (globalThis.document?.getElementById(id) as HTMLElement | null)?.focus();
      return true;
    }
  }
  return false;
}

/** A date the server sent as YYYY-MM-DD, written the visitor's way (20/11/2026 in pt-BR). */
export function formatIsoDate(iso: string, lang: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang, {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);
}

/**
 * The text for an error a form could not pin on a field. A rate limit says when to try
 * again; anything else is the translated code, or the generic message.
 */
export function formErrorText(err: unknown, t: TFunction): string {
  if (err instanceof ApiError && err.code === "ERR_TOO_MANY_ATTEMPTS") {
    const seconds = Number(err.details.retryAfter);
    if (Number.isFinite(seconds) && seconds > 0) {
      return t("public.login.tooManyAttempts", { minutes: Math.max(1, Math.ceil(seconds / 60)) });
    }
  }
  return errorMessage(err);
}

/** Core §8: an expired subscription names its date and asks to contact support. */
export function loginErrorText(err: unknown, t: TFunction, lang: string): string {
  if (err instanceof ApiError && err.code === "ERR_SUBSCRIPTION_EXPIRED") {
    const due = err.details.dueDate;
    if (typeof due === "string") {
      return t("public.login.subscriptionExpired", { date: formatIsoDate(due, lang) });
    }
  }
  return formErrorText(err, t);
}
