/**
 * /prompts (admin §2 "Prompts"): the heading, the warning about the AI provider's credit, and
 * the prompts list island. Admins with a plan that has `useOpenAi`.
 */
import PromptsManager from "../../islands/PromptsManager.tsx";
import type { TFunction } from "../../lib/i18n/languages.ts";
import { ListPageHeading } from "../lists/ListPageHeading.tsx";
import { AlertIcon } from "../icons.tsx";

export interface PromptsPageProps {
  t: TFunction;
  companyId: number;
}

export function PromptsPage({ t, companyId }: PromptsPageProps) {
  return (
    <div class="flex flex-col gap-5">
      <ListPageHeading title={t("prompts.title")} intro={t("prompts.intro")} />
      <p
        role="note"
        class="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200"
      >
        <AlertIcon class="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{t("prompts.creditWarning")}</span>
      </p>
      <PromptsManager companyId={companyId} />
    </div>
  );
}

/** The locale groups the page's islands translate with, for `i18nClientData`. */
export const PROMPTS_PAGE_GROUPS = ["prompts"];
