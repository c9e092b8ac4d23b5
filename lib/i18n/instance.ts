/**
 * Builds a synchronous i18next instance for one language. Used by the server (all
 * locales at hand) and by the browser (only the resources sent at boot), so both
 * translate the same keys with the same rules for interpolation and plurals.
 */
import i18next from "i18next";
import { DEFAULT_LANG, type Lang, type Resource, type TFunction } from "./languages.ts";

export function makeT(lang: Lang, resources: Partial<Record<Lang, Resource>>): TFunction {
  const instance = i18next.createInstance();
  const bundles = Object.fromEntries(
    Object.entries(resources).map(([code, resource]) => [code, { translation: resource }]),
  );
  // With inline resources and `initAsync: false`, init() finishes before it returns.
  void instance.init({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: Object.keys(resources),
    resources: bundles,
    initAsync: false,
    returnNull: false,
    // Preact escapes every text node already; escaping here too would show `&amp;`.
    interpolation: { escapeValue: false },
  });
  const t = instance.getFixedT(lang);
  return (key, values) => String(t(key, values ?? {}));
}
