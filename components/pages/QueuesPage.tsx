/** /queues (admin §2): the page's heading and the queues list island, for admins. */
import QueuesManager from "../../islands/QueuesManager.tsx";
import type { TFunction } from "../../lib/i18n/languages.ts";
import { ListPageHeading } from "../lists/ListPageHeading.tsx";

export function QueuesPage({ t, companyId }: { t: TFunction; companyId: number }) {
  return (
    <div class="flex flex-col gap-5">
      <ListPageHeading title={t("queues.title")} intro={t("queues.intro")} />
      <QueuesManager companyId={companyId} />
    </div>
  );
}

/** The locale groups the page's islands translate with, for `i18nClientData`. */
export const QUEUES_PAGE_GROUPS = ["queues", "integrations"];
