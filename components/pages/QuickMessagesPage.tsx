/** /quick-messages (admin §2): the page's heading and the quick messages list island. */
import QuickMessagesManager from "../../islands/QuickMessagesManager.tsx";
import type { TFunction } from "../../lib/i18n/languages.ts";
import { ListPageHeading } from "../lists/ListPageHeading.tsx";

export interface QuickMessagesPageProps {
  t: TFunction;
  companyId: number;
  userId: number;
  isAdmin: boolean;
}

export function QuickMessagesPage({ t, companyId, userId, isAdmin }: QuickMessagesPageProps) {
  return (
    <div class="flex flex-col gap-5">
      <ListPageHeading title={t("quickMessages.title")} intro={t("quickMessages.intro")} />
      <QuickMessagesManager companyId={companyId} userId={userId} isAdmin={isAdmin} />
    </div>
  );
}

/** The locale groups the page's islands translate with, for `i18nClientData`. */
export const QUICK_MESSAGES_PAGE_GROUPS = ["quickMessages"];
