/** /schedules (plan flag useSchedules; `?contactId=` opens the add dialog). */
import type { Hono } from "hono";
import { SCHEDULES_PAGE_GROUPS, SchedulesPageBody } from "../../components/pages/SchedulesPage.tsx";
import type { AppEnv } from "../../lib/http/env.ts";
import { parseId } from "../../lib/http/params.ts";
import { scheduleStartContact } from "../../services/schedules/page_data.ts";
import type { WebDeps } from "../deps.ts";
import { privatePages } from "./_private.tsx";

export function schedulesPages(deps: WebDeps): Hono<AppEnv> {
  return privatePages(deps, {
    "/schedules": (c) => ({
      titleKey: "schedules.title",
      extraI18nGroups: SCHEDULES_PAGE_GROUPS,
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
    }),
  });
}
