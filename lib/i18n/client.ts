/**
 * Translation for islands. On the server, `useT()` returns the page's translator (from
 * `TContext`); in the browser, the one built from the boot data that the server sent as
 * `clientData.i18n` (see `i18nClientData` in `mod.ts`).
 *
 * The boot hook below installs the client translator before any island renders, so the
 * first client render says exactly what the server rendered.
 */
import { useContext } from "preact/hooks";
import { onBoot } from "../islands/client_data.ts";
import { TContext } from "./context.ts";
import { makeT } from "./instance.ts";
import { DEFAULT_LANG, isLang, type Lang, type TFunction } from "./languages.ts";
import type { I18nClientData } from "./mod.ts";

export type { I18nClientData };

/** Before boot data arrives, show keys rather than crash: a missing init is then visible. */
let clientT: TFunction = (key) => key;
let clientLang: Lang = DEFAULT_LANG;

/** Installs the browser translator from the boot data. Unknown data leaves the keys showing. */
export function initClientI18n(data: unknown): void {
  if (!isI18nClientData(data)) return;
  clientLang = data.lang;
  clientT = makeT(data.lang, { [data.lang]: data.resources });
}

onBoot((data) => initClientI18n(data.i18n));

function isI18nClientData(data: unknown): data is I18nClientData {
  if (typeof data !== "object" || data === null) return false;
  const candidate = data as Partial<I18nClientData>;
  return isLang(candidate.lang) && typeof candidate.resources === "object" &&
    candidate.resources !== null;
}

/** Translates outside components (e.g. a toast pushed from an event handler). */
export function t(key: string, values?: Record<string, unknown>): string {
  return clientT(key, values);
}

/** The language islands are translating into in the browser. */
export function clientLanguage(): Lang {
  return clientLang;
}

/** The translator for the component being rendered: the page's on the server, else the client's. */
export function useT(): TFunction {
  const serverT = useContext(TContext);
  return serverT ?? clientT;
}
