/**
 * The languages Balcão speaks. Safe for the browser: no translations are imported here,
 * so islands can use it without pulling every locale into their bundle.
 */
export const LANGUAGES = ["pt-BR", "en", "es"] as const;
export type Lang = typeof LANGUAGES[number];

/** Portuguese is both the default and the fallback for a missing key (spec §1). */
export const DEFAULT_LANG: Lang = "pt-BR";

/** The cookie that remembers the language picked in the switcher. */
export const LANG_COOKIE = "lang";

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** A translation function bound to one language: `t("errors.ERR_NOT_FOUND")`. */
export type TFunction = (key: string, values?: Record<string, unknown>) => string;

/** One language's translations, in the nested shape of `locales/<lang>/*.json`. */
export type Resource = { [key: string]: string | Resource };
