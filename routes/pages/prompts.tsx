/** /prompts (admin §2): the AI prompts, for admins of a plan with useOpenAi. */
import type { Hono } from "hono";
import { PROMPTS_PAGE_GROUPS, PromptsPage } from "../../components/pages/PromptsPage.tsx";
import type { AppEnv } from "../../lib/http/env.ts";
import type { WebDeps } from "../deps.ts";
import { privatePages } from "./_private.tsx";

export function promptsPages(deps: WebDeps): Hono<AppEnv> {
  return privatePages(deps, {
    "/prompts": () => ({
      titleKey: "prompts.title",
      extraI18nGroups: PROMPTS_PAGE_GROUPS,
      render: ({ user, t }) => <PromptsPage t={t} companyId={user.companyId} />,
    }),
  });
}
