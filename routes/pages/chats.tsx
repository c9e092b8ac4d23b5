/** /chats (admin §2): the internal chat, for a plan with useInternalChat. */
import type { Hono } from "hono";
import ChatsPage from "../../islands/ChatsPage.tsx";
import type { AppEnv } from "../../lib/http/env.ts";
import { listChats } from "../../services/chats/mod.ts";
import { listColleagueNames } from "../../services/users/list_users.ts";
import type { WebDeps } from "../deps.ts";
import { type PageOf, privatePages } from "./_private.tsx";

export function chatsPages(deps: WebDeps): Hono<AppEnv> {
  const chat: PageOf = (c) => ({
    titleKey: "chats.title",
    extraI18nGroups: ["chats"],
    render: async ({ user }) => {
      const who = { companyId: user.companyId, userId: user.id };
      const [chats, colleagues] = await Promise.all([
        listChats(deps.db, who),
        listColleagueNames(deps.db, user.companyId),
      ]);
      const key = c.req.param("key");
      const open = key ? chats.find((chat) => chat.uuid === key || String(chat.id) === key) : null;
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
  });
  // /chats/{uuid} opens that chat (the top bar links there); an id works too.
  return privatePages(deps, { "/chats": chat, "/chats/:key": chat });
}
