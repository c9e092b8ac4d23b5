/**
 * /schedules (plan flag useSchedules; `?contactId=` opens the add dialog) and /messages-api,
 * the integrators' documentation (plan flag useExternalApi; admins, who see connection tokens).
 */
import { Hono } from "hono";
import { MESSAGES_API_PAGE_GROUPS, MessagesApiPage } from "../components/pages/MessagesApiPage.tsx";
import { SCHEDULES_PAGE_GROUPS, SchedulesPageBody } from "../components/pages/SchedulesPage.tsx";
import type { AppEnv } from "../lib/http/env.ts";
import { parseId } from "../lib/http/params.ts";
import { scheduleStartContact } from "../services/schedules/page_data.ts";
import { privatePage } from "./_private.tsx";
import type { PageSessionDeps } from "./_session.ts";

export function schedulePageRoutes(deps: PageSessionDeps & { publicUrl: string }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get("/schedules", (c) =>
    privatePage(c, deps, {
      titleKey: "schedules.title",
      extraI18nGroups: SCHEDULES_PAGE_GROUPS,
      requires: { feature: "useSchedules" },
      render: async ({ user }) => (
        <SchedulesPageBody
          companyId={user.companyId}
          startContact={await scheduleStartContact(
            deps.db,
            user.companyId,
            parseId(c.req.query("contactId")),
          )}
        />
      ),
    }));

  routes.get("/messages-api", (c) =>
    privatePage(c, deps, {
      titleKey: "messagesApi.title",
      extraI18nGroups: MESSAGES_API_PAGE_GROUPS,
      requires: { feature: "useExternalApi", admin: true },
      render: ({ t }) => <MessagesApiPage t={t} publicUrl={deps.publicUrl} />,
    }));

  return routes;
}
