/**
 * zod fields for the public account forms, built from the shared rules
 * (services/accounts/account_rules.ts): a 400 answer carries the very codes the page
 * shows before sending.
 */
import type { Context } from "hono";
import { z } from "zod";
import type { FieldError } from "../../lib/http/field_errors.ts";
import { type Lang, languageFromRequest } from "../../lib/i18n/mod.ts";

/** The request's language: the `lang` cookie, then Accept-Language, then Portuguese. */
export function requestLanguage(c: Context): Lang {
  return languageFromRequest(c.req.header("Cookie"), c.req.header("Accept-Language"));
}

/** A failed rule as a zod issue: its code as the message, its limits as params. */
export function ruleIssue(error: FieldError) {
  return { code: "custom" as const, message: error.code, params: error };
}

/**
 * A string field checked by one rule. A missing or non-string value is "required"; the
 * rule sees the value as sent, so trimming and the like happen after it (`.transform`).
 */
export function ruledString(check: (value: string) => FieldError | null) {
  return z.string({ error: "ERR_REQUIRED" }).superRefine((value, ctx) => {
    const error = check(value);
    if (error) ctx.addIssue(ruleIssue(error));
  });
}
