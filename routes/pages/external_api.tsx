/**
 * /messages-api: the integrators' documentation (plan flag useExternalApi; admins, who see
 * the connection tokens).
 */
import type { Hono } from "hono";
import {
  MESSAGES_API_PAGE_GROUPS,
  MessagesApiPage,
} from "../../components/pages/MessagesApiPage.tsx";
import type { AppEnv } from "../../lib/http/env.ts";
import type { WebDeps } from "../deps.ts";
import { privatePages } from "./_private.tsx";

export function externalApiPages(deps: WebDeps): Hono<AppEnv> {
  return privatePages(deps, {
    "/messages-api": () => ({
      titleKey: "messagesApi.title",
      extraI18nGroups: MESSAGES_API_PAGE_GROUPS,
      render: ({ t }) => <MessagesApiPage t={t} publicUrl={deps.publicUrl} />,
    }),
  });
}
