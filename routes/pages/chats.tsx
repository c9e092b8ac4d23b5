/** /chats (admin §2): the internal chat, for a plan with useInternalChat. */
import { Hono } from "hono";
import ChatsPage from "../../islands/ChatsPage.tsx";
import type { AppEnv } from "../../lib/http/env.ts";
import { listChats } from "../../services/chats/mod.ts";
import { listColleagueNames } from "../../services/users/list_users.ts";
import type { WebDeps } from "../deps.ts";
import { privatePage } from "./_private.tsx";

export function chatsPages(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // /chats/{uuid} opens that chat (the top bar links there); an id works too.
  for (const path of ["/chats", "/chats/:key"]) {
    routes.get(path, (c) =>
      privatePage(c, deps, {
        titleKey: "chats.title",
        extraI18nGroups: ["chats"],
        render: async ({ user }) => {
          const who = { companyId: user.companyId, userId: user.id };
          const [chats, colleagues] = await Promise.all([
            listChats(deps.db, who),
            listColleagueNames(deps.db, user.companyId),
          ]);
          const key = c.req.param("key");
          const open = key
            ? chats.find((chat) => chat.uuid === key || String(chat.id) === key)
            : null;
          return (
            <ChatsPage
              userId={user.id}
              companyId={user.companyId}
              chats={chats}
              openId={open?.id ?? null}
              colleagues={colleagues.map(({ id, name }) => ({ id, name }))}
            />
          );
        },
      }));
  }

  return routes;
}
