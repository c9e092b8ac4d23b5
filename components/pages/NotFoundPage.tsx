/** The 404 page for unknown addresses. Pure markup: it renders no island and ships no JS. */
import type { Lang, TFunction } from "../../lib/i18n/languages.ts";
import type { Theme } from "../../lib/ui/theme.ts";
import { Document } from "../Document.tsx";
import { ArrowLeftIcon } from "../icons.tsx";
import { Logo } from "../Logo.tsx";
import { Button } from "../ui/Button.tsx";

export interface NotFoundPageProps {
  lang: Lang;
  theme: Theme;
  t: TFunction;
  cssHref: string;
}

export function NotFoundPage({ lang, theme, t, cssHref }: NotFoundPageProps) {
  return (
    <Document lang={lang} theme={theme} t={t} title={t("notFound.title")} cssHref={cssHref}>
      <main class="grid min-h-dvh place-items-center bg-[radial-gradient(50%_40%_at_50%_0%,color-mix(in_srgb,var(--color-brand-400)_14%,transparent),transparent)] px-6 py-16">
        <div class="flex max-w-lg flex-col items-center text-center">
          <a href="/" class="mb-10 flex items-center gap-2.5 font-semibold tracking-tight text-fg">
            <Logo size={32} />
            <span>{t("common.appName")}</span>
          </a>
          <p class="font-mono text-sm font-medium text-brand-700 dark:text-brand-300">
            {t("notFound.code")}
          </p>
          <h1 class="mt-3 text-balance text-3xl font-semibold tracking-tight text-fg sm:text-4xl">
            {t("notFound.title")}
          </h1>
          <p class="mt-3 text-base text-fg-muted">{t("notFound.text")}</p>
          <Button href="/" size="lg" class="mt-8">
            <ArrowLeftIcon size={18} />
            {t("notFound.back")}
          </Button>
        </div>
      </main>
    </Document>
  );
}
