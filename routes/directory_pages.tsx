/**
 * The directory pages (core §2, §7, admin §2): /contacts (its first page rendered by the
 * server so the table shows at once; the island pages on from there), /tags and
 * /quick-messages, for everyone signed in; /queues, /prompts and /queue-integration for admins.
 */
import {
  QUEUE_INTEGRATIONS_PAGE_GROUPS,
  QueueIntegrationsPage,
} from "../components/pages/QueueIntegrationsPage.tsx";
import { Hono } from "hono";
import type { AppEnv } from "../lib/http/env.ts";
import { can, isAdmin } from "../services/accounts/permissions.ts";
import { listContacts } from "../services/contacts/list.ts";
import ContactsPage from "../islands/ContactsPage.tsx";
import {
  QUICK_MESSAGES_PAGE_GROUPS,
  QuickMessagesPage,
} from "../components/pages/QuickMessagesPage.tsx";
import { QUEUES_PAGE_GROUPS, QueuesPage } from "../components/pages/QueuesPage.tsx";
import { TAGS_PAGE_GROUPS, TagsPage } from "../components/pages/TagsPage.tsx";
import { PROMPTS_PAGE_GROUPS, PromptsPage } from "../components/pages/PromptsPage.tsx";
import { privatePage } from "./_private.tsx";
import { type PageSessionDeps, principalOfPage } from "./_session.ts";

export function directoryPageRoutes(deps: PageSessionDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get("/contacts", (c) =>
    privatePage(c, deps, {
      titleKey: "contacts.title",
      extraI18nGroups: ["contacts"],
      render: async ({ user }) => {
        const first = await listContacts(deps.db, user.companyId, { pageNumber: 1 });
        return (
          <ContactsPage
            companyId={user.companyId}
            canDelete={can(principalOfPage(user), "contacts-page:deleteContact")}
            canImportExport={isAdmin(user)}
            initial={{
              contacts: first.contacts.map(({ createdAt: _c, updatedAt: _u, ...row }) => row),
              count: first.count,
              hasMore: first.hasMore,
            }}
          />
        );
      },
    }));

  routes.get("/tags", (c) =>
    privatePage(c, deps, {
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
    }));

  routes.get("/quick-messages", (c) =>
    privatePage(c, deps, {
      titleKey: "quickMessages.title",
      extraI18nGroups: QUICK_MESSAGES_PAGE_GROUPS,
      render: ({ user, t }) => (
        <QuickMessagesPage
          t={t}
          companyId={user.companyId}
          userId={user.id}
          isAdmin={isAdmin(user)}
        />
      ),
    }));

  routes.get("/queues", (c) =>
    privatePage(c, deps, {
      titleKey: "queues.title",
      extraI18nGroups: QUEUES_PAGE_GROUPS,
      requires: { admin: true },
      render: ({ user, t }) => <QueuesPage t={t} companyId={user.companyId} />,
    }));

  routes.get("/prompts", (c) =>
    privatePage(c, deps, {
      titleKey: "prompts.title",
      extraI18nGroups: PROMPTS_PAGE_GROUPS,
      requires: { admin: true, feature: "useOpenAi" },
      render: ({ user, t }) => <PromptsPage t={t} companyId={user.companyId} />,
    }));

  routes.get("/queue-integration", (c) =>
    privatePage(c, deps, {
      titleKey: "integrations.title",
      extraI18nGroups: QUEUE_INTEGRATIONS_PAGE_GROUPS,
      requires: { admin: true, feature: "useIntegrations" },
      render: ({ user, t }) => <QueueIntegrationsPage t={t} companyId={user.companyId} />,
    }));

  return routes;
}
