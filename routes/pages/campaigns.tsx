/**
 * The campaign pages (admin §1, §2): /campaigns, /campaign/{id}/report and /campaigns-config,
 * for admins of a company with campaigns (the plan's flag or the campaignsEnabled setting),
 * the same rule as the menu.
 */
import type { Hono } from "hono";
import type { AppEnv } from "../../lib/http/env.ts";
import { parseId } from "../../lib/http/params.ts";
import CampaignsManager from "../../islands/CampaignsManager.tsx";
import CampaignReport from "../../islands/CampaignReport.tsx";
import CampaignSettingsForm from "../../islands/CampaignSettingsForm.tsx";
import { findCampaign } from "../../services/campaigns/queries.ts";
import type { WebDeps } from "../deps.ts";
import { CAMPAIGN_PAGE_GROUPS as GROUPS, campaignPage as page } from "./_campaign_page.tsx";
import { privatePages } from "./_private.tsx";

export function campaignsPages(deps: WebDeps): Hono<AppEnv> {
  return privatePages(deps, {
    "/campaigns": () => ({
      titleKey: "campaigns.title",
      extraI18nGroups: GROUPS,
      render: ({ user, t }) =>
        page(
          t("campaigns.title"),
          t("campaigns.intro"),
          <CampaignsManager companyId={user.companyId} />,
        ),
    }),

    "/campaign/:id/report": (c) => ({
      titleKey: "campaigns.report.title",
      extraI18nGroups: GROUPS,
      render: async ({ user, t }) => {
        const id = parseId(c.req.param("id"));
        const campaign = id === null ? undefined : await findCampaign(deps.db, user.companyId, id);
        if (!campaign) return <p class="py-8 text-center">{t("campaigns.notFound")}</p>;
        return page(
          t("campaigns.report.titleOf", { name: campaign.name }),
          t("campaigns.report.intro"),
          <CampaignReport companyId={user.companyId} campaignId={campaign.id} />,
        );
      },
    }),

    "/campaigns-config": () => ({
      titleKey: "campaigns.settings.title",
      extraI18nGroups: GROUPS,
      render: ({ t }) =>
        page(
          t("campaigns.settings.title"),
          t("campaigns.settings.intro"),
          <CampaignSettingsForm />,
        ),
    }),
  });
}
