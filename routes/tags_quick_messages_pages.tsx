/**
 * The /tags and /quick-messages pages. Signed-out visitors go to /login, with the way back.
 * The app shell (menu, top bar: routes/_private.tsx) is built on another branch; until it is
 * merged these pages sit in the minimal frame below, and afterwards they mount through it.
 */
import { type Context, Hono } from "hono";
import type { ComponentChildren } from "preact";
import { Document } from "../components/Document.tsx";
import { Logo } from "../components/Logo.tsx";
import { QuickMessagesPage } from "../components/pages/QuickMessagesPage.tsx";
import { QUICK_MESSAGES_PAGE_GROUPS } from "../components/pages/QuickMessagesPage.tsx";
import { TAGS_PAGE_GROUPS, TagsPage } from "../components/pages/TagsPage.tsx";
import LanguageSwitcher from "../islands/LanguageSwitcher.tsx";
import ThemeToggle from "../islands/ThemeToggle.tsx";
import Toaster from "../islands/Toaster.tsx";
import type { AppEnv } from "../lib/http/env.ts";
import { createT, i18nClientData, languageFromRequest } from "../lib/i18n/mod.ts";
import { themeFromCookie } from "../lib/ui/theme.ts";
import { isAdmin } from "../services/accounts/permissions.ts";
import type { SessionUser } from "../services/accounts/session_user.ts";
import { pageAssets, respondWithPage } from "./_render.ts";
import { pageSession, type PageSessionDeps } from "./_session.ts";

type PageBody = (user: SessionUser, t: ReturnType<typeof createT>) => ComponentChildren;

export function tagsQuickMessagesPages(deps: PageSessionDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  async function page(c: Context<AppEnv>, titleKey: string, groups: string[], body: PageBody) {
    const user = await pageSession(c, deps);
    if (!user) return c.redirect(`/login?next=${encodeURIComponent(c.req.path)}`);
    const cookies = c.req.header("Cookie");
    const lang = languageFromRequest(cookies, c.req.header("Accept-Language"));
    const theme = themeFromCookie(cookies);
    const t = createT(lang);
    const { css } = await pageAssets();
    const document = (
      <Document lang={lang} theme={theme} t={t} title={t(titleKey)} cssHref={css}>
        <header class="flex items-center justify-between gap-3 border-b border-line bg-surface px-4 py-2.5 sm:px-6">
          <a href="/" class="flex items-center gap-2.5 font-semibold tracking-tight text-fg">
            <Logo size={28} />
            <span>{t("common.appName")}</span>
          </a>
          <div class="flex items-center gap-1">
            <LanguageSwitcher current={lang} />
            <ThemeToggle initial={theme} />
          </div>
        </header>
        <main class="px-4 py-6 sm:px-6 sm:py-8">{body(user, t)}</main>
        <Toaster />
      </Document>
    );
    return respondWithPage(c, document, { clientData: { i18n: i18nClientData(lang, groups) } });
  }

  routes.get(
    "/tags",
    (c) =>
      page(
        c,
        "tags.title",
        TAGS_PAGE_GROUPS,
        (user, t) => <TagsPage t={t} companyId={user.companyId} canSetKanban={isAdmin(user)} />,
      ),
  );

  routes.get(
    "/quick-messages",
    (c) =>
      page(c, "quickMessages.title", QUICK_MESSAGES_PAGE_GROUPS, (user, t) => (
        <QuickMessagesPage
          t={t}
          companyId={user.companyId}
          userId={user.id}
          isAdmin={isAdmin(user)}
        />
      )),
  );

  return routes;
}
