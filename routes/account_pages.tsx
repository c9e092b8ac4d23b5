/**
 * The administration pages of accounts (core §2 admin section, admin §3 and §7): /users for
 * admins. Each is a private page in the shell whose island does the work against the API.
 */
import { Hono } from "hono";
import type { AppEnv } from "../lib/http/env.ts";
import { usersPageData } from "../services/users/page_data.ts";
import UsersManager from "../islands/UsersManager.tsx";
import { privatePage } from "./_private.tsx";
import { type PageSessionDeps, principalOfPage } from "./_session.ts";

export function accountPageRoutes(deps: PageSessionDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get("/users", (c) =>
    privatePage(c, deps, {
      titleKey: "users.title",
      extraI18nGroups: ["users"],
      requires: { admin: true },
      render: async ({ user }) => (
        <UsersManager {...await usersPageData(deps.db, principalOfPage(user))} />
      ),
    }));

  return routes;
}
