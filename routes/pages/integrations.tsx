/** /queue-integration (admin §2): the queues' integrations, for admins of a plan with them. */
import { Hono } from "hono";
import {
  QUEUE_INTEGRATIONS_PAGE_GROUPS,
  QueueIntegrationsPage,
} from "../../components/pages/QueueIntegrationsPage.tsx";
import type { AppEnv } from "../../lib/http/env.ts";
import type { WebDeps } from "../deps.ts";
import { privatePage } from "./_private.tsx";

export function integrationsPages(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get("/queue-integration", (c) =>
    privatePage(c, deps, {
      titleKey: "integrations.title",
      extraI18nGroups: QUEUE_INTEGRATIONS_PAGE_GROUPS,
      render: ({ user, t }) => <QueueIntegrationsPage t={t} companyId={user.companyId} />,
    }));

  return routes;
}
