/**
 * `privatePage`: how every signed-in page is answered. It checks the session, applies the
 * page's rule from the route table (services/accounts/pages.ts, which the side menu reads
 * too) and renders the page's content inside the app shell (side menu, top bar, toasts,
 * realtime session glue). Keep this signature stable: /users, /settings, /tickets,
 * /contacts… are built on it.
 *
 * @example
 * routes.get("/users", (c) =>
 *   privatePage(c, deps, {
 *     titleKey: "users.title",
 *     extraI18nGroups: ["users"],      // locale groups the page's islands translate with
 *     render: async ({ session, t }) => <UsersPage users={await listUsers(deps.db, session.companyId)} t={t} />,
 *   }));
 *
 * What happens:
 * - signed out (or the session cannot be renewed): 302 to `/login?next=<path and query>`;
 * - a past-due company's admin, on a page that is not a billing one: 302 to /financeiro;
 * - signed in without what the page's rule asks: 302 to the rule's `otherwise` if it has
 *   one, else to `/?denied=1`, where the shell shows the
 *   spec's toast "Esta empresa não possui permissão para acessar essa página! Estamos lhe
 *   redirecionando." (admin §6; the redirect is immediate, so the refused page never shows);
 * - otherwise 200 with the page in the shell. Islands read the session from
 *   `useShellSession()` / `shellSession()` (lib/client/session.ts) and translate with the
 *   shell's groups (`common`, `errors`, `shell`…) plus `extraI18nGroups`.
 * An expired access token is renewed from the refresh cookie before rendering (new cookies
 * ride on the response), so a bookmarked page opens straight after a break.
 */
import { type Context, Hono } from "hono";
import type { ComponentChildren } from "preact";
import { AppShell } from "../../components/shell/AppShell.tsx";
import { billingOnlyMenu, visibleMenu } from "../../components/shell/menu.ts";
import {
  DENIED_PARAM,
  loginUrlFor,
  SHELL_DATA_KEY,
  type ShellSession,
} from "../../lib/client/session.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import type { PlanFeatures } from "../../services/plans/features.ts";
import { formatDate } from "../../lib/i18n/format.ts";
import { i18nClientData, type Lang, type TFunction } from "../../lib/i18n/mod.ts";
import { readCookie } from "../../lib/ui/cookies.ts";
import { DRAWER_COOKIE, initialDrawerState } from "../../lib/ui/drawer.ts";
import type { Theme } from "../../lib/ui/theme.ts";
import { VERSION } from "../../lib/version.ts";
import { meetsRequirement } from "../../services/accounts/page_access.ts";
import {
  fullRequirement,
  PAGE_RULES,
  pageRuleAt,
  type PageRules,
} from "../../services/accounts/pages.ts";
import { isAdmin, planFeaturesOf } from "../../services/accounts/permissions.ts";
import { toShellSession } from "../../services/accounts/shell_session.ts";
import { subscriptionWarningDays } from "../../services/accounts/subscription.ts";
import { billingOnly } from "../../services/accounts/sessions.ts";
import { respondWithPage } from "./_render.ts";
import { type PageSession, pageSession, type PageSessionDeps } from "./_session.ts";
import { visitorOf } from "./_visitor.ts";

/** Locale groups every shell page sends to the browser, besides `CLIENT_KEY_GROUPS`. */
export const SHELL_I18N_GROUPS = ["shell"] as const;

export interface PrivatePageContext {
  c: Context<AppEnv>;
  /** The signed-in user as the server knows it (company, settings, sign-in id). */
  user: PageSession;
  /** What the browser gets too (plan features, safe settings…). */
  session: ShellSession<PlanFeatures>;
  lang: Lang;
  t: TFunction;
  theme: Theme;
}

export interface PrivatePageOptions {
  /** i18n key of the page title, e.g. `"todolist.title"`; " · Balcão" is appended. */
  titleKey: string;
  /** Locale groups the page's islands need in the browser, e.g. `["users"]`. */
  extraI18nGroups?: readonly string[];
  /** The page's content, inside the shell's <main>. May load data first. */
  render: (ctx: PrivatePageContext) => ComponentChildren | Promise<ComponentChildren>;
  /** @default 200; the not-found page inside the frame answers 404. */
  status?: 200 | 404;
  /** What a signed-out visitor gets instead of the redirect to sign in. */
  signedOut?: () => Promise<Response>;
}

export type PrivatePageDeps = PageSessionDeps & {
  /** The route table; PAGE_RULES when absent (a test gives its own). */
  pageRules?: PageRules;
};

/** The options of one private page, given its request. */
export type PageOf = (c: Context<AppEnv>) => PrivatePageOptions;

/** A router of private pages: path → that page's options (each answered by `privatePage`). */
export function privatePages(deps: PrivatePageDeps, pages: Record<string, PageOf>): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  for (const [path, page] of Object.entries(pages)) {
    routes.get(path, (c) => privatePage(c, deps, page(c)));
  }
  return routes;
}

export async function privatePage(
  c: Context<AppEnv>,
  deps: PrivatePageDeps,
  options: PrivatePageOptions,
): Promise<Response> {
  const url = new URL(c.req.url);
  const rule = pageRuleAt(url.pathname, deps.pageRules ?? PAGE_RULES)?.rule;
  const requires = rule && fullRequirement(rule);
  // "/" is where refused users land, so it must never refuse anybody.
  if (url.pathname === "/" && requires && !rule.otherwise) {
    throw new Error('The page at "/" cannot refuse: refused users are sent there.');
  }
  const user = await pageSession(c, deps);
  if (!user) return options.signedOut ? options.signedOut() : c.redirect(loginUrlFor(url), 302);
  const paying = billingOnly(user);
  if (paying && !rule?.billing) return c.redirect("/financeiro", 302);

  const features = await planFeaturesOf(deps.db, user.companyId);
  const session = toShellSession(user, features, user.sessionId);
  if (!meetsRequirement(session, requires)) {
    // Sent on rather than refused, the refusal's notice (if it was one) goes along.
    if (rule?.otherwise) {
      const denied = url.searchParams.has(DENIED_PARAM) ? `?${DENIED_PARAM}=1` : "";
      return c.redirect(`${rule.otherwise}${denied}`, 302);
    }
    return c.redirect(`/?${DENIED_PARAM}=1`, 302);
  }

  const visitor = await visitorOf(c);
  const { lang, t, theme } = visitor;
  const content = await options.render({ c, user, session, lang, t, theme });
  const admin = isAdmin(user);
  const menu = visibleMenu(session, undefined, deps.pageRules);
  const dueDate = user.company.dueDate;
  const page = (
    <AppShell
      {...visitor}
      title={t(options.titleKey)}
      session={session}
      menu={paying ? billingOnlyMenu(menu) : menu}
      path={url.pathname}
      version={VERSION}
      drawer={initialDrawerState(readCookie(c.req.header("Cookie"), DRAWER_COOKIE))}
      dueDateLabel={admin && dueDate ? formatDate(dueDate, lang) : null}
      warningDays={admin ? subscriptionWarningDays(dueDate) : null}
      denied={(url.pathname === "/" || url.pathname === "/tickets") &&
        url.searchParams.has(DENIED_PARAM)}
    >
      {content}
    </AppShell>
  );
  return respondWithPage(c, page, {
    clientData: {
      i18n: i18nClientData(lang, [...SHELL_I18N_GROUPS, ...(options.extraI18nGroups ?? [])]),
      [SHELL_DATA_KEY]: session,
    },
    status: options.status,
  });
}
