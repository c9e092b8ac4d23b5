/** /queue-integration (admin §2): the queues' integrations, for admins of a plan with them. */
import type { Hono } from "hono";
import {
  QUEUE_INTEGRATIONS_PAGE_GROUPS,
  QueueIntegrationsPage,
} from "../../components/pages/QueueIntegrationsPage.tsx";
import type { AppEnv } from "../../lib/http/env.ts";
import type { WebDeps } from "../deps.ts";
import { privatePages } from "./_private.tsx";

export function integrationsPages(deps: WebDeps): Hono<AppEnv> {
  return privatePages(deps, {
    "/queue-integration": () => ({
      titleKey: "integrations.title",
      extraI18nGroups: QUEUE_INTEGRATIONS_PAGE_GROUPS,
      render: ({ user, t }) => <QueueIntegrationsPage t={t} companyId={user.companyId} />,
    }),
  });
}
