/** /tags (admin §2): the page's heading and the tags list island. */
import TagsManager from "../../islands/TagsManager.tsx";
import type { TFunction } from "../../lib/i18n/languages.ts";
import { ListPageHeading } from "../lists/ListPageHeading.tsx";

export interface TagsPageProps {
  t: TFunction;
  companyId: number;
  /** Admins and the super user; others never see the kanban switch (admin §6). */
  canSetKanban: boolean;
}

export function TagsPage({ t, companyId, canSetKanban }: TagsPageProps) {
  return (
    <div class="flex flex-col gap-5">
      <ListPageHeading title={t("tags.title")} intro={t("tags.intro")} />
      <TagsManager companyId={companyId} canSetKanban={canSetKanban} />
    </div>
  );
}

/** The locale groups the page's islands translate with, for `i18nClientData`. */
export const TAGS_PAGE_GROUPS = ["tags"];
