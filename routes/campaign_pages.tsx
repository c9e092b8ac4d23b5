/**
 * The campaign pages (admin §1, §2): /campaigns, /campaign/{id}/report, /campaigns-config,
 * /contact-lists and /contact-lists/{id}/contacts, for admins of a company with campaigns
 * (the plan's flag or the campaignsEnabled setting), the same rule as the menu; and /files,
 * the file lists campaigns send, for every admin (the menu shows it outside the campaigns group).
 */
import { Hono } from "hono";
import type { AppEnv } from "../lib/http/env.ts";
import { parseId } from "../lib/http/params.ts";
import { ListPageHeading } from "../components/lists/ListPageHeading.tsx";
import CampaignsManager from "../islands/CampaignsManager.tsx";
import CampaignReport from "../islands/CampaignReport.tsx";
import CampaignSettingsForm from "../islands/CampaignSettingsForm.tsx";
import ContactListsManager from "../islands/ContactListsManager.tsx";
import ContactListItemsManager from "../islands/ContactListItemsManager.tsx";
import FilesManager from "../islands/FilesManager.tsx";
import { findCampaign } from "../services/campaigns/queries.ts";
import { showContactList } from "../services/contact_lists/lists.ts";
import { privatePage } from "./_private.tsx";
import type { PageSessionDeps } from "./_session.ts";

// quickMessages: the shared attachment field (file lists, the campaign media) speaks its words.
const GROUPS = ["campaigns", "quickMessages"];
const requires = { admin: true, campaigns: true } as const;

export function campaignPageRoutes(deps: PageSessionDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const page = (title: string, intro: string, body: preact.ComponentChildren) => (
    <div class="flex flex-col gap-5">
      <ListPageHeading title={title} intro={intro} />
      {body}
    </div>
  );

  routes.get("/campaigns", (c) =>
    privatePage(c, deps, {
      titleKey: "campaigns.title",
      extraI18nGroups: GROUPS,
      requires,
      render: ({ user, t }) =>
        page(
          t("campaigns.title"),
          t("campaigns.intro"),
          <CampaignsManager companyId={user.companyId} />,
        ),
    }));

  routes.get("/campaign/:id/report", (c) =>
    privatePage(c, deps, {
      titleKey: "campaigns.report.title",
      extraI18nGroups: GROUPS,
      requires,
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
    }));

  routes.get("/campaigns-config", (c) =>
    privatePage(c, deps, {
      titleKey: "campaigns.settings.title",
      extraI18nGroups: GROUPS,
      requires,
      render: ({ t }) =>
        page(
          t("campaigns.settings.title"),
          t("campaigns.settings.intro"),
          <CampaignSettingsForm />,
        ),
    }));

  routes.get("/contact-lists", (c) =>
    privatePage(c, deps, {
      titleKey: "campaigns.lists.title",
      extraI18nGroups: GROUPS,
      requires,
      render: ({ user, t }) =>
        page(
          t("campaigns.lists.title"),
          t("campaigns.lists.intro"),
          <ContactListsManager companyId={user.companyId} />,
        ),
    }));

  routes.get("/contact-lists/:id/contacts", (c) =>
    privatePage(c, deps, {
      titleKey: "campaigns.items.title",
      extraI18nGroups: GROUPS,
      requires,
      render: async ({ user, t }) => {
        const id = parseId(c.req.param("id"));
        const list = id === null
          ? undefined
          : await showContactList(deps.db, user.companyId, id).catch(() => undefined);
        if (!list) return <p class="py-8 text-center">{t("campaigns.lists.notFound")}</p>;
        return page(
          list.name,
          t("campaigns.items.intro", { count: list.contactsCount }),
          <ContactListItemsManager companyId={user.companyId} listId={list.id} />,
        );
      },
    }));

  routes.get("/files", (c) =>
    privatePage(c, deps, {
      titleKey: "campaigns.files.title",
      extraI18nGroups: GROUPS,
      requires: { admin: true },
      render: ({ user, t }) =>
        page(
          t("campaigns.files.title"),
          t("campaigns.files.intro"),
          <FilesManager companyId={user.companyId} />,
        ),
    }));

  return routes;
}
