/**
 * The shell's own pages: `/` (the signed-in home), `/todolist`, and the 404 page for any
 * unknown address outside `/api` (inside the frame for a signed-in user). Other areas mount their page routes before these (main.ts),
 * since the catch-all here must come last. Private pages are built with `privatePage`
 * (routes/_private.tsx).
 */
import { Hono } from "hono";
import { HomePage } from "../components/home/HomePage.tsx";
import { AreaNotReady, NotFoundInFrame } from "../components/pages/FramedNotices.tsx";
import { NotFoundPage } from "../components/pages/NotFoundPage.tsx";
import { menuLinkAt } from "../components/shell/menu.ts";
import { TodoPage } from "../components/pages/TodoPage.tsx";
import type { AppEnv } from "../lib/http/env.ts";
import { formatDate } from "../lib/i18n/format.ts";
import { i18nClientData } from "../lib/i18n/mod.ts";
import { DENIED_PARAM } from "../lib/client/session.ts";
import { homeOf } from "../services/dashboard/home.ts";
import DashboardPage from "../islands/DashboardPage.tsx";
import { isAdmin } from "../services/accounts/permissions.ts";
import { daysUntil, isoToday } from "../services/accounts/subscription.ts";
import { privatePage } from "./_private.tsx";
import { respondWithPage } from "./_render.ts";
import type { PageSessionDeps } from "./_session.ts";
import { visitorOf } from "./_visitor.ts";

export type PageDeps = PageSessionDeps;

export function pageRoutes(deps: PageDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // Core §2: the dashboard is the admins'; an agent's home is the ticket screen (carrying a
  // refusal's notice there). A company not ready yet gets its first steps instead.
  routes.get("/", (c) => {
    return privatePage(c, deps, {
      titleKey: "home.title",
      extraI18nGroups: ["dashboard"],
      elsewhere: (user, url) =>
        isAdmin(user)
          ? null
          : url.searchParams.has(DENIED_PARAM)
          ? `/tickets?${DENIED_PARAM}=1`
          : "/tickets",
      render: async ({ user, session, lang, t }) => {
        const home = await homeOf(deps.db, user);
        if (home.ready) {
          return (
            <DashboardPage
              companyId={session.companyId}
              companyName={session.companyName}
              platform={user.super}
            />
          );
        }
        const due = user.company.dueDate;
        return (
          <HomePage
            t={t}
            session={session}
            overview={home.overview}
            readiness={home.readiness}
            dueDateLabel={due ? formatDate(due, lang) : null}
            daysLeft={due ? daysUntil(due, isoToday()) : null}
          />
        );
      },
    });
  });

  routes.get("/todolist", (c) =>
    privatePage(c, deps, {
      titleKey: "todolist.title",
      extraI18nGroups: ["todolist"],
      render: ({ t }) => <TodoPage t={t} />,
    }));

  // Last: any other GET outside the API. A signed-in user stays inside the frame: a menu area
  // this version has no page for says so, anything else is the translated 404. A visitor gets
  // the standalone 404 page (an unknown address never asks to sign in).
  routes.get("*", (c) => {
    const path = new URL(c.req.url).pathname;
    const signedOut = async () => {
      const visitor = await visitorOf(c);
      return respondWithPage(c, <NotFoundPage {...visitor} />, {
        clientData: { i18n: i18nClientData(visitor.lang) },
        status: 404,
      });
    };
    const area = menuLinkAt(path);
    if (area) {
      return privatePage(c, deps, {
        titleKey: `menu.items.${area.id}`,
        requires: area.requires,
        render: ({ t }) => <AreaNotReady t={t} area={t(`menu.items.${area.id}`)} />,
      });
    }
    return privatePage(c, deps, {
      titleKey: "notFound.title",
      status: 404,
      signedOut,
      render: ({ t }) => <NotFoundInFrame t={t} />,
    });
  });

  return routes;
}
