/** /announcements (admin §2): the installation's announcements, the super user's to write. */
import type { Hono } from "hono";
import { ListPageHeading } from "../../components/lists/ListPageHeading.tsx";
import AnnouncementsManager from "../../islands/AnnouncementsManager.tsx";
import type { AppEnv } from "../../lib/http/env.ts";
import type { WebDeps } from "../deps.ts";
import { privatePages } from "./_private.tsx";

export function announcementsPages(deps: WebDeps): Hono<AppEnv> {
  return privatePages(deps, {
    "/announcements": () => ({
      titleKey: "announcements.title",
      // The attachment field's buttons are the quick messages' own.
      extraI18nGroups: ["announcements", "quickMessages"],
      render: ({ t }) => (
        <div class="flex flex-col gap-5">
          <ListPageHeading title={t("announcements.title")} intro={t("announcements.intro")} />
          <AnnouncementsManager />
        </div>
      ),
    }),
  });
}
