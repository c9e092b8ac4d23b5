/**
 * The team's pages (admin §2): /announcements (the super user's), and the internal chat and
 * kanban as they come. Private pages inside the app frame, built with `privatePage`.
 */
import { Hono } from "hono";
import { ListPageHeading } from "../components/lists/ListPageHeading.tsx";
import AnnouncementsManager from "../islands/AnnouncementsManager.tsx";
import type { AppEnv } from "../lib/http/env.ts";
import { privatePage } from "./_private.tsx";
import type { PageSessionDeps } from "./_session.ts";

export function teamPageRoutes(deps: PageSessionDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get("/announcements", (c) =>
    privatePage(c, deps, {
      titleKey: "announcements.title",
      // The attachment field's buttons are the quick messages' own.
      extraI18nGroups: ["announcements", "quickMessages"],
      requires: { super: true },
      render: ({ t }) => (
        <div class="flex flex-col gap-5">
          <ListPageHeading title={t("announcements.title")} intro={t("announcements.intro")} />
          <AnnouncementsManager />
        </div>
      ),
    }));

  return routes;
}
