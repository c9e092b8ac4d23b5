/**
 * `/`, the signed-in home (core §2): the dashboard is the admins'; the route table sends an
 * agent on to the ticket screen (services/accounts/pages.ts). A company not ready yet gets
 * its first steps instead of the dashboard.
 */
import type { Hono } from "hono";
import { HomePage } from "../../components/home/HomePage.tsx";
import DashboardPage from "../../islands/DashboardPage.tsx";
import type { AppEnv } from "../../lib/http/env.ts";
import { formatDate } from "../../lib/i18n/format.ts";
import { daysUntil, isoToday } from "../../services/accounts/subscription.ts";
import { homeOf } from "../../services/dashboard/home.ts";
import type { WebDeps } from "../deps.ts";
import { privatePages } from "./_private.tsx";

export function dashboardPages(deps: WebDeps): Hono<AppEnv> {
  return privatePages(deps, {
    "/": () => ({
      titleKey: "home.title",
      extraI18nGroups: ["dashboard"],
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
    }),
  });
}
