/**
 * Picks the interface language. The page is server-rendered in one language, so a change
 * stores the `lang` cookie and reloads; each language is named in its own tongue.
 */
import { GlobeIcon } from "../components/icons.tsx";
import { useT } from "../lib/i18n/client.ts";
import { isLang, type Lang, LANG_COOKIE, LANGUAGES } from "../lib/i18n/languages.ts";
import { browserActions } from "../lib/ui/browser.ts";
import { preferenceCookie } from "../lib/ui/cookies.ts";

export interface LanguageSwitcherProps {
  current: Lang;
}

export default function LanguageSwitcher({ current }: LanguageSwitcherProps) {
  const t = useT();

  function change(event: Event) {
    const value = (event.currentTarget as HTMLSelectElement).value;
    if (!isLang(value) || value === current) return;
    document.cookie = preferenceCookie(LANG_COOKIE, value);
    browserActions.reload();
  }

  return (
    <label class="relative inline-flex h-10 items-center rounded-lg text-fg-muted hover:bg-surface-muted hover:text-fg">
      <span class="sr-only">{t("language.label")}</span>
      <GlobeIcon size={18} class="pointer-events-none absolute left-2.5" />
      <select
        value={current}
        onChange={change}
        title={t("language.label")}
        class="h-10 cursor-pointer appearance-none rounded-lg bg-transparent pl-9 pr-3 text-sm font-medium text-inherit"
      >
        {LANGUAGES.map((lang) => <option key={lang} value={lang}>{t(`language.${lang}`)}</option>)}
      </select>
    </label>
  );
}
