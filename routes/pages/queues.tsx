/** /queues (admin §2): the company's queues and their chatbot options, for admins. */
import type { Hono } from "hono";
import { QUEUES_PAGE_GROUPS, QueuesPage } from "../../components/pages/QueuesPage.tsx";
import type { AppEnv } from "../../lib/http/env.ts";
import type { WebDeps } from "../deps.ts";
import { privatePages } from "./_private.tsx";

export function queuesPages(deps: WebDeps): Hono<AppEnv> {
  return privatePages(deps, {
    "/queues": () => ({
      titleKey: "queues.title",
      extraI18nGroups: QUEUES_PAGE_GROUPS,
      render: ({ user, t }) => <QueuesPage t={t} companyId={user.companyId} />,
    }),
  });
}
