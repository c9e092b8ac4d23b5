/**
 * Server-side i18n: pick the request's language, translate, and prepare what the
 * browser needs so islands translate the same keys (see `client.ts`).
 */
import { readCookie } from "../ui/cookies.ts";
import { makeT } from "./instance.ts";
import {
  DEFAULT_LANG,
  isLang,
  type Lang,
  LANG_COOKIE,
  LANGUAGES,
  type Resource,
} from "./languages.ts";
import type { TFunction } from "./languages.ts";
import { RESOURCES } from "./resources.ts";

export { DEFAULT_LANG, isLang, LANG_COOKIE, LANGUAGES };
export type { Lang, Resource, TFunction };

/**
 * The language for a request: the `lang` cookie when it names a known language, then the
 * best match in Accept-Language (by q-value; `pt-PT` counts as Portuguese, `es-419` as
 * Spanish), then Portuguese.
 */
export function languageFromRequest(
  cookieHeader: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Lang {
  const fromCookie = readCookie(cookieHeader, LANG_COOKIE);
  if (isLang(fromCookie)) return fromCookie;
  for (const tag of preferredTags(acceptLanguage)) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return DEFAULT_LANG;
}

/** Accept-Language tags, most wanted first; entries with q=0 are refusals and dropped. */
function preferredTags(header: string | null | undefined): string[] {
  if (!header) return [];
  return header.split(",")
    .map((entry, index) => {
      const [tag = "", ...params] = entry.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return {
        tag: tag.trim().toLowerCase(),
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      };
    })
    .filter((entry) => entry.tag !== "" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

function matchLanguage(tag: string): Lang | undefined {
  const primary = tag.split("-")[0];
  if (primary === "pt") return "pt-BR";
  if (primary === "en") return "en";
  if (primary === "es") return "es";
  return undefined;
}

const cache = new Map<Lang, TFunction>();

/** A translator for `lang`, built once per language and then reused by every request. */
export function createT(lang: Lang): TFunction {
  let t = cache.get(lang);
  if (!t) {
    t = makeT(
      lang,
      lang === DEFAULT_LANG ? { [lang]: RESOURCES[lang] } : {
        [lang]: RESOURCES[lang],
        [DEFAULT_LANG]: RESOURCES[DEFAULT_LANG],
      },
    );
    cache.set(lang, t);
  }
  return t;
}

/** The groups of keys that islands use; the rest stays on the server to keep pages light. */
export const CLIENT_KEY_GROUPS = ["common", "theme", "language", "toast", "errors"] as const;

/** What the browser gets at boot to translate in islands: `{lang, resources}`. */
export interface I18nClientData {
  lang: Lang;
  resources: Resource;
}

/**
 * Pass as `clientData.i18n` to `renderPage`; `client.ts` turns it into `t()`. A page whose
 * islands need more groups (e.g. `users` on /users) names them in `extraGroups`.
 */
export function i18nClientData(lang: Lang, extraGroups: readonly string[] = []): I18nClientData {
  const all = RESOURCES[lang];
  const resources: Resource = {};
  for (const group of [...CLIENT_KEY_GROUPS, ...extraGroups]) {
    const value = all[group];
    if (value !== undefined) resources[group] = value;
  }
  return { lang, resources };
}
