/**
 * `/` for now: greets whoever installed Balcão, shows that the installation is healthy and
 * tours the interface. The accounts work will replace it with the login redirect.
 */
import ThemeToggle from "../../islands/ThemeToggle.tsx";
import LanguageSwitcher from "../../islands/LanguageSwitcher.tsx";
import Toaster from "../../islands/Toaster.tsx";
import type { Lang, TFunction } from "../../lib/i18n/languages.ts";
import type { Theme } from "../../lib/ui/theme.ts";
import { Document } from "../Document.tsx";
import { Logo } from "../Logo.tsx";
import { Badge } from "../ui/Badge.tsx";
import { Gallery } from "../welcome/Gallery.tsx";
import { type InstallationStatus, StatusCard } from "../welcome/StatusCard.tsx";
import type { SampleTab } from "../welcome/TicketsSample.tsx";

export interface WelcomePageProps {
  lang: Lang;
  theme: Theme;
  t: TFunction;
  cssHref: string;
  status: InstallationStatus;
  tab: SampleTab;
}

export function WelcomePage({ lang, theme, t, cssHref, status, tab }: WelcomePageProps) {
  return (
    <Document
      lang={lang}
      theme={theme}
      t={t}
      title={t("welcome.title")}
      description={t("common.pitch")}
      cssHref={cssHref}
    >
      <div class="flex min-h-dvh flex-col">
        <header class="sticky top-0 z-30 border-b border-line bg-surface/85 backdrop-blur supports-[backdrop-filter]:bg-surface/70">
          <div class="mx-auto flex h-14 w-full max-w-6xl items-center gap-2 px-4 sm:px-6">
            <a
              href="/"
              class="flex items-center gap-2.5 rounded-lg font-semibold tracking-tight text-fg"
            >
              <Logo size={28} />
              <span class="text-[15px]">{t("common.appName")}</span>
            </a>
            <div class="ml-auto flex items-center gap-1">
              <LanguageSwitcher current={lang} />
              <ThemeToggle initial={theme} />
            </div>
          </div>
        </header>

        <main class="relative flex-1">
          <div
            aria-hidden="true"
            class="pointer-events-none absolute inset-x-0 top-0 -z-0 h-80 bg-[radial-gradient(60%_100%_at_20%_0%,color-mix(in_srgb,var(--color-brand-400)_16%,transparent),transparent)]"
          />
          <div class="relative mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
            <div class="grid items-center gap-8 lg:grid-cols-[1.15fr_1fr] lg:gap-12">
              <div>
                <Logo size={56} class="mb-6 drop-shadow-sm" />
                <Badge tone="brand" dot>{t("welcome.eyebrow")}</Badge>
                <h1 class="mt-4 text-3xl font-semibold tracking-tight text-fg sm:text-4xl lg:text-[2.75rem] lg:leading-[1.1]">
                  {t("welcome.title")}
                </h1>
                <p class="mt-4 max-w-xl text-base text-fg-muted sm:text-lg">{t("common.pitch")}</p>
              </div>
              <StatusCard status={status} t={t} />
            </div>
            <Gallery t={t} lang={lang} tab={tab} />
          </div>
        </main>

        <footer class="border-t border-line">
          <div class="mx-auto w-full max-w-6xl px-4 py-6 text-[13px] text-fg-subtle sm:px-6">
            {t("common.footer", { version: status.version })}
          </div>
        </footer>
        <Toaster />
      </div>
    </Document>
  );
}
