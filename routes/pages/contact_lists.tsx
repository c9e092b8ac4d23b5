/**
 * /contact-lists and /contact-lists/{id}/contacts (admin §1, §2): the lists campaigns send
 * to, for admins of a company with campaigns (the same rule as the menu).
 */
import type { Hono } from "hono";
import type { AppEnv } from "../../lib/http/env.ts";
import { parseId } from "../../lib/http/params.ts";
import ContactListsManager from "../../islands/ContactListsManager.tsx";
import ContactListItemsManager from "../../islands/ContactListItemsManager.tsx";
import { showContactList } from "../../services/contact_lists/lists.ts";
import type { WebDeps } from "../deps.ts";
import { CAMPAIGN_PAGE_GROUPS as GROUPS, campaignPage as page } from "./_campaign_page.tsx";
import { privatePages } from "./_private.tsx";

export function contactListsPages(deps: WebDeps): Hono<AppEnv> {
  return privatePages(deps, {
    "/contact-lists": () => ({
      titleKey: "campaigns.lists.title",
      extraI18nGroups: GROUPS,
      render: ({ user, t }) =>
        page(
          t("campaigns.lists.title"),
          t("campaigns.lists.intro"),
          <ContactListsManager companyId={user.companyId} />,
        ),
    }),

    "/contact-lists/:id/contacts": (c) => ({
      titleKey: "campaigns.items.title",
      extraI18nGroups: GROUPS,
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
    }),
  });
}
