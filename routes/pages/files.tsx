/**
 * /files (admin §2): the file lists campaigns send, for every admin (the menu shows it
 * outside the campaigns group).
 */
import type { Hono } from "hono";
import type { AppEnv } from "../../lib/http/env.ts";
import FilesManager from "../../islands/FilesManager.tsx";
import type { WebDeps } from "../deps.ts";
import { CAMPAIGN_PAGE_GROUPS as GROUPS, campaignPage as page } from "./_campaign_page.tsx";
import { privatePages } from "./_private.tsx";

export function filesPages(deps: WebDeps): Hono<AppEnv> {
  return privatePages(deps, {
    "/files": () => ({
      titleKey: "campaigns.files.title",
      extraI18nGroups: GROUPS,
      render: ({ user, t }) =>
        page(
          t("campaigns.files.title"),
          t("campaigns.files.intro"),
          <FilesManager companyId={user.companyId} />,
        ),
    }),
  });
}
