/**
 * /contacts (core §2, §7), for everyone signed in: its first page is rendered by the server
 * so the table shows at once; the island pages on from there.
 */
import type { Hono } from "hono";
import type { AppEnv } from "../../lib/http/env.ts";
import { can, isAdmin } from "../../services/accounts/permissions.ts";
import { listContacts } from "../../services/contacts/list.ts";
import ContactsPage from "../../islands/ContactsPage.tsx";
import type { WebDeps } from "../deps.ts";
import { privatePages } from "./_private.tsx";
import { principalOfPage } from "./_session.ts";

export function contactsPages(deps: WebDeps): Hono<AppEnv> {
  return privatePages(deps, {
    "/contacts": () => ({
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
    }),
  });
}
