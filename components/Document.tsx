/**
 * The whole HTML document of a page. The theme class is rendered on <html> from the
 * `theme` cookie, so the first paint already has the right colours; the translator is
 * provided to everything inside, islands included, for server rendering.
 */
import type { ComponentChildren } from "preact";
import { TContext } from "../lib/i18n/context.ts";
import type { Lang, TFunction } from "../lib/i18n/languages.ts";
import type { Theme } from "../lib/ui/theme.ts";

export interface DocumentProps {
  lang: Lang;
  theme: Theme;
  t: TFunction;
  /** Page title; " · Balcão" is appended unless the title already names the product. */
  title: string;
  /** URL of the stylesheet (the asset manifest's `css`). */
  cssHref: string;
  description?: string;
  /** Extra tags for <head> (preloads, page-specific meta). */
  head?: ComponentChildren;
  children: ComponentChildren;
}

export function Document(
  { lang, theme, t, title, cssHref, description, head, children }: DocumentProps,
) {
  const appName = t("common.appName");
  const fullTitle = title.includes(appName) ? title : `${title} · ${appName}`;
  return (
    <html lang={lang} class={theme === "dark" ? "dark" : undefined}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{fullTitle}</title>
        {description && <meta name="description" content={description} />}
        <meta name="color-scheme" content={theme === "dark" ? "dark" : "light"} />
        <meta name="theme-color" content={theme === "dark" ? "#0b1110" : "#f5f7f7"} />
        <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={cssHref} />
        {head}
      </head>
      <body class="min-h-dvh bg-bg text-fg antialiased">
        <TContext.Provider value={t}>{children}</TContext.Provider>
      </body>
    </html>
  );
}
