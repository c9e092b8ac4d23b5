/**
 * The account pages (core §2, admin §2, §3 and §7): /users and /settings for admins, /helps
 * for everyone signed in. Each is a private page in the shell whose island does the work
 * against the API; the first data rides with the page so nothing waits on a second call.
 */
import { ListPageHeading } from "../components/lists/ListPageHeading.tsx";
import { Hono } from "hono";
import type { AppEnv } from "../lib/http/env.ts";
import { isAdmin } from "../services/accounts/permissions.ts";
import { listSettings } from "../services/accounts/settings.ts";
import { listSecretSettings } from "../services/settings/secrets.ts";
import { findCompanySchedules } from "../services/companies/companies.ts";
import { listAllHelps } from "../services/helps/helps.ts";
import { usersPageData } from "../services/users/page_data.ts";
import HelpVideos from "../islands/HelpVideos.tsx";
import SettingsTabs from "../islands/SettingsTabs.tsx";
import UsersManager from "../islands/UsersManager.tsx";
import { privatePage } from "./_private.tsx";
import { type PageSessionDeps, principalOfPage } from "./_session.ts";

export function accountPageRoutes(deps: PageSessionDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get("/users", (c) =>
    privatePage(c, deps, {
      titleKey: "users.title",
      extraI18nGroups: ["users"],
      requires: { admin: true },
      render: async ({ user }) => (
        <UsersManager {...await usersPageData(deps.db, principalOfPage(user))} />
      ),
    }));

  routes.get("/settings", (c) =>
    privatePage(c, deps, {
      titleKey: "settings.title",
      extraI18nGroups: ["settings", "admin"],
      requires: { admin: true },
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
    }));

  routes.get("/helps", (c) =>
    privatePage(c, deps, {
      titleKey: "helps.title",
      extraI18nGroups: ["helps"],
      render: async () => {
        const helps = await listAllHelps(deps.db);
        return (
          <HelpVideos
            helps={helps.map(({ id, title, video, description }) => ({
              id,
              title,
              video,
              description,
            }))}
          />
        );
      },
    }));

  return routes;
}
