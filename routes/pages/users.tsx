/** /users (core §2, admin §2): the company's staff, for admins; the island works the API. */
import type { Hono } from "hono";
import type { AppEnv } from "../../lib/http/env.ts";
import { usersPageData } from "../../services/users/page_data.ts";
import UsersManager from "../../islands/UsersManager.tsx";
import type { WebDeps } from "../deps.ts";
import { privatePages } from "./_private.tsx";
import { principalOfPage } from "./_session.ts";

export function usersPages(deps: WebDeps): Hono<AppEnv> {
  return privatePages(deps, {
    "/users": () => ({
      titleKey: "users.title",
      extraI18nGroups: ["users"],
      render: async ({ user }) => (
        <UsersManager {...await usersPageData(deps.db, principalOfPage(user))} />
      ),
    }),
  });
}
