/** What the campaign pages share: their locale groups and their heading frame. */
import type { ComponentChildren } from "preact";
import { ListPageHeading } from "../../components/lists/ListPageHeading.tsx";

// quickMessages: the shared attachment field (file lists, the campaign media) speaks its words.
export const CAMPAIGN_PAGE_GROUPS = ["campaigns", "quickMessages"];

/** A campaign page: its heading and intro above its island. */
export function campaignPage(title: string, intro: string, body: ComponentChildren) {
  return (
    <div class="flex flex-col gap-5">
      <ListPageHeading title={title} intro={intro} />
      {body}
    </div>
  );
}
