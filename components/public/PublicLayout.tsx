/**
 * The frame of the public pages (/login, /signup, /forgetpsw): the welcome page's header
 * with the language switcher and theme toggle, the product's pitch beside the form on wide
 * screens, the form alone on phones, and the toaster.
 */
import type { ComponentChildren } from "preact";
import LanguageSwitcher from "../../islands/LanguageSwitcher.tsx";
import ThemeToggle from "../../islands/ThemeToggle.tsx";
import Toaster from "../../islands/Toaster.tsx";
import type { Lang, TFunction } from "../../lib/i18n/languages.ts";
import type { Theme } from "../../lib/ui/theme.ts";
import { Document } from "../Document.tsx";
import { CheckIcon } from "../icons.tsx";
import { Logo } from "../Logo.tsx";
import { cx } from "../ui/cx.ts";

export interface PublicLayoutProps {
  lang: Lang;
  theme: Theme;
  t: TFunction;
  cssHref: string;
  title: string;
  version: string;
  /** A wider form column, for the sign-up form and its plan picker. */
  wide?: boolean;
  children: ComponentChildren;
}

export function PublicLayout(
  { lang, theme, t, cssHref, title, version, wide, children }: PublicLayoutProps,
) {
  return (
    <Document
      lang={lang}
      theme={theme}
      t={t}
      title={title}
      description={t("common.pitch")}
      cssHref={cssHref}
    >
      <div class="flex min-h-dvh flex-col">
        <header class="border-b border-line bg-surface/85 backdrop-blur supports-[backdrop-filter]:bg-surface/70">
          <div class="mx-auto flex h-14 w-full max-w-6xl items-center gap-2 px-4 sm:px-6">
            <a
              href="/login"
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
            class="pointer-events-none absolute inset-x-0 top-0 h-96 bg-[radial-gradient(60%_100%_at_15%_0%,color-mix(in_srgb,var(--color-brand-400)_18%,transparent),transparent)]"
          />
          <div
            class={cx(
              "relative mx-auto grid w-full max-w-6xl items-start gap-10 px-4 py-8 sm:px-6 sm:py-12 lg:gap-16 lg:py-16",
              wide
                ? "lg:grid-cols-[minmax(0,1fr)_minmax(0,34rem)]"
                : "lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]",
            )}
          >
            <Pitch t={t} />
            <div class={cx("mx-auto w-full", wide ? "max-w-xl" : "max-w-md", "lg:max-w-none")}>
              {children}
              <Highlights t={t} class="mt-10 border-t border-line pt-8 lg:hidden" />
            </div>
          </div>
        </main>

        <footer class="border-t border-line">
          <div class="mx-auto w-full max-w-6xl px-4 py-6 text-[13px] text-fg-subtle sm:px-6">
            {t("common.footer", { version })}
          </div>
        </footer>
        <Toaster />
      </div>
    </Document>
  );
}

/** The product in a few lines, beside the form on wide screens only. */
function Pitch({ t }: { t: TFunction }) {
  return (
    <aside class="hidden lg:sticky lg:top-10 lg:block lg:pt-6">
      <Logo size={52} class="drop-shadow-sm" />
      <p class="mt-8 max-w-lg text-balance text-[2.5rem] font-semibold leading-[1.1] tracking-tight text-fg">
        {t("public.layout.headline")}
      </p>
      <p class="mt-5 max-w-lg text-lg text-fg-muted">{t("common.pitch")}</p>
      <Highlights t={t} class="mt-10 max-w-lg" />
      <ChatPreview />
    </aside>
  );
}

/** What Balcão does, in three lines: beside the form when wide, under it on phones. */
function Highlights({ t, class: extra }: { t: TFunction; class?: string }) {
  const highlights = [
    t("public.layout.highlightQueues"),
    t("public.layout.highlightLive"),
    t("public.layout.highlightTrial"),
  ];
  return (
    <ul class={cx("flex flex-col gap-4", extra)}>
      {highlights.map((text) => (
        <li key={text} class="flex items-start gap-3 text-[15px] text-fg">
          <span class="mt-px grid size-7 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
            <CheckIcon size={16} />
          </span>
          <span class="pt-0.5">{text}</span>
        </li>
      ))}
    </ul>
  );
}

/** A wordless sketch of a conversation: decoration only. */
function ChatPreview() {
  return (
    <div
      aria-hidden="true"
      class="mt-12 max-w-md rounded-(--radius-card) border border-line bg-surface/80 p-4 shadow-(--shadow-card)"
    >
      <div class="flex items-center gap-3 border-b border-line pb-3">
        <span class="size-8 rounded-full bg-brand-200 dark:bg-brand-800" />
        <span class="h-2.5 w-28 rounded-full bg-line" />
        <span class="ml-auto h-5 w-14 rounded-full bg-brand-50 ring-1 ring-brand-200 dark:bg-brand-950 dark:ring-brand-800" />
      </div>
      <div class="mt-4 flex flex-col gap-2.5">
        <span class="h-8 w-3/5 rounded-2xl rounded-tl-md bg-line" />
        <span class="h-8 w-2/5 self-end rounded-2xl rounded-tr-md bg-brand-500/80 dark:bg-brand-600/80" />
        <span class="h-8 w-1/2 rounded-2xl rounded-tl-md bg-line" />
        <span class="h-8 w-3/5 self-end rounded-2xl rounded-tr-md bg-brand-500/80 dark:bg-brand-600/80" />
      </div>
    </div>
  );
}

/** The card that holds a public form, with its heading. */
export function FormCard(
  { heading, subtitle, eyebrow, children }: {
    heading: string;
    subtitle?: string;
    eyebrow?: string;
    children: ComponentChildren;
  },
) {
  return (
    <section class="rounded-(--radius-card) border border-line bg-surface p-5 shadow-(--shadow-pop) sm:p-8">
      {eyebrow && (
        <p class="mb-2 text-[13px] font-medium text-brand-700 dark:text-brand-300">{eyebrow}</p>
      )}
      <h1 class="text-2xl font-semibold tracking-tight text-fg">{heading}</h1>
      {subtitle && <p class="mt-1.5 text-sm text-fg-muted">{subtitle}</p>}
      <div class="mt-6">{children}</div>
    </section>
  );
}
