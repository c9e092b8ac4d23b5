/**
 * /queue-integration (admin §2 "Queue integrations"): the heading and the integrations list
 * island. Admins with a plan that has `useIntegrations`.
 */
import QueueIntegrationsManager from "../../islands/QueueIntegrationsManager.tsx";
import type { TFunction } from "../../lib/i18n/languages.ts";
import { ListPageHeading } from "../lists/ListPageHeading.tsx";

export interface QueueIntegrationsPageProps {
  t: TFunction;
  companyId: number;
}

export function QueueIntegrationsPage({ t, companyId }: QueueIntegrationsPageProps) {
  return (
    <div class="flex flex-col gap-5">
      <ListPageHeading title={t("integrations.title")} intro={t("integrations.intro")} />
      <QueueIntegrationsManager companyId={companyId} />
    </div>
  );
}

/** The locale groups the page's islands translate with, for `i18nClientData`. */
export const QUEUE_INTEGRATIONS_PAGE_GROUPS = ["integrations"];
