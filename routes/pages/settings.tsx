/**
 * /settings (admin §3): the company's options, the ISP credentials (masked) and the opening
 * hours, for admins; the first data rides with the page so nothing waits on a second call.
 */
import type { Hono } from "hono";
import { ListPageHeading } from "../../components/lists/ListPageHeading.tsx";
import type { AppEnv } from "../../lib/http/env.ts";
import { isAdmin } from "../../services/accounts/permissions.ts";
import { listSettings } from "../../services/accounts/settings.ts";
import { findCompanySchedules } from "../../services/companies/companies.ts";
import { listSecretSettings } from "../../services/settings/secrets.ts";
import SettingsTabs from "../../islands/SettingsTabs.tsx";
import type { WebDeps } from "../deps.ts";
import { privatePages } from "./_private.tsx";

export function settingsPages(deps: WebDeps): Hono<AppEnv> {
  return privatePages(deps, {
    "/settings": (c) => ({
      titleKey: "settings.title",
      extraI18nGroups: ["settings", "admin"],
      render: async ({ user, t }) => {
        const [settings, schedules, credentials] = await Promise.all([
          listSettings(deps.db, user.companyId),
          findCompanySchedules(deps.db, user.companyId),
          // The page is for admins; the credentials travel masked all the same.
          listSecretSettings(deps.db, user.companyId),
        ]);
        return (
          <div class="flex flex-col gap-4">
            <ListPageHeading title={t("settings.title")} intro={t("settings.pageIntro")} />
            <SettingsTabs
              settings={settings}
              credentials={credentials}
              schedules={schedules}
              companyId={user.companyId}
              isAdmin={isAdmin(user)}
              isSuper={user.super}
              initialTab={c.req.query("tab")}
            />
          </div>
        );
      },
    }),
  });
}
