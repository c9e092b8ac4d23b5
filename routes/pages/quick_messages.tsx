/** /quick-messages (core §2), for everyone signed in. */
import type { Hono } from "hono";
import {
  QUICK_MESSAGES_PAGE_GROUPS,
  QuickMessagesPage,
} from "../../components/pages/QuickMessagesPage.tsx";
import type { AppEnv } from "../../lib/http/env.ts";
import { isAdmin } from "../../services/accounts/permissions.ts";
import type { WebDeps } from "../deps.ts";
import { privatePages } from "./_private.tsx";

export function quickMessagesPages(deps: WebDeps): Hono<AppEnv> {
  return privatePages(deps, {
    "/quick-messages": () => ({
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
    }),
  });
}
