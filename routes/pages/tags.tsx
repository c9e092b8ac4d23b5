/** /tags (core §2), for everyone signed in. */
import type { Hono } from "hono";
import { TAGS_PAGE_GROUPS, TagsPage } from "../../components/pages/TagsPage.tsx";
import type { AppEnv } from "../../lib/http/env.ts";
import { isAdmin } from "../../services/accounts/permissions.ts";
import type { WebDeps } from "../deps.ts";
import { privatePages } from "./_private.tsx";

export function tagsPages(deps: WebDeps): Hono<AppEnv> {
  return privatePages(deps, {
    "/tags": () => ({
      titleKey: "tags.title",
      extraI18nGroups: TAGS_PAGE_GROUPS,
      // The kanban switch: admins only (admin §6), and only when the plan has the kanban.
      render: ({ user, session, t }) => (
        <TagsPage
          t={t}
          companyId={user.companyId}
          canSetKanban={isAdmin(user) && session.features.useKanban}
        />
      ),
    }),
  });
}
