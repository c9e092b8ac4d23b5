/**
 * zod fields for the public account forms, built from the shared rules
 * (services/accounts/account_rules.ts) with messages in the visitor's language: the field
 * messages of a 400 answer read exactly like the ones the page shows before sending.
 */
import type { Context } from "hono";
import { z } from "zod";
import { createT, type Lang, languageFromRequest, type TFunction } from "../../lib/i18n/mod.ts";
import type { RuleKey } from "../../services/accounts/account_rules.ts";

/** The request's language: the `lang` cookie, then Accept-Language, then Portuguese. */
export function requestLanguage(c: Context): Lang {
  return languageFromRequest(c.req.header("Cookie"), c.req.header("Accept-Language"));
}

export interface Limits {
  min?: number;
  max?: number;
  digits?: number;
}

/** The translated text of a rule, e.g. "Muito curto! Mínimo de 2 caracteres." */
export function ruleText(t: TFunction, key: RuleKey, limits: Limits = {}): string {
  return t(`public.validation.${key}`, { ...limits });
}

/**
 * A string field checked by one rule. A missing or non-string value reads "required"; the
 * rule sees the value as sent, so trimming and the like happen after it (`.transform`).
 */
export function ruledString(
  t: TFunction,
  check: (value: string) => RuleKey | null,
  limits: Limits = {},
) {
  return z.string({ error: () => ruleText(t, "required") }).superRefine((value, ctx) => {
    const key = check(value);
    if (key) ctx.addIssue({ code: "custom", message: ruleText(t, key, limits) });
  });
}

/** One schema per language, built on first use. */
export function perLanguage<S>(build: (t: TFunction) => S): (lang: Lang) => S {
  const cache = new Map<Lang, S>();
  return (lang) => {
    let schema = cache.get(lang);
    if (!schema) {
      schema = build(createT(lang));
      cache.set(lang, schema);
    }
    return schema;
  };
}
