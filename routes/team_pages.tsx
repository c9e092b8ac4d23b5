/**
 * The team's pages (admin §2): /announcements (the super user's), and the internal chat and
 * kanban as they come. Private pages inside the app frame, built with `privatePage`.
 */
import { Hono } from "hono";
import { ListPageHeading } from "../components/lists/ListPageHeading.tsx";
import AnnouncementsManager from "../islands/AnnouncementsManager.tsx";
import ChatsPage from "../islands/ChatsPage.tsx";
import KanbanBoard from "../islands/KanbanBoard.tsx";
import { listKanbanTags } from "../services/tags/tags.ts";
import { kanbanBoard } from "../services/tickets/kanban.ts";
import { listChats } from "../services/chats/mod.ts";
import { listColleagueNames } from "../services/users/list_users.ts";
import type { AppEnv } from "../lib/http/env.ts";
import { privatePage } from "./_private.tsx";
import { type PageSessionDeps, principalOfPage } from "./_session.ts";

export function teamPageRoutes(deps: PageSessionDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get("/announcements", (c) =>
    privatePage(c, deps, {
      titleKey: "announcements.title",
      // The attachment field's buttons are the quick messages' own.
      extraI18nGroups: ["announcements", "quickMessages"],
      requires: { super: true },
      render: ({ t }) => (
        <div class="flex flex-col gap-5">
          <ListPageHeading title={t("announcements.title")} intro={t("announcements.intro")} />
          <AnnouncementsManager />
        </div>
      ),
    }));

  routes.get("/kanban", (c) =>
    privatePage(c, deps, {
      titleKey: "kanban.title",
      extraI18nGroups: ["kanban"],
      requires: { feature: "useKanban" },
      render: async ({ user, t }) => {
        const viewer = principalOfPage(user);
        const [lanes, board] = await Promise.all([
          listKanbanTags(deps.db, viewer),
          kanbanBoard(deps.db, viewer),
        ]);
        return (
          <div class="flex flex-col gap-5">
            <ListPageHeading title={t("kanban.title")} intro={t("kanban.intro")} />
            <KanbanBoard
              companyId={user.companyId}
              lanes={lanes}
              tickets={board.tickets}
              queueIds={board.queueIds}
            />
          </div>
        );
      },
    }));

  // /chats/{uuid} opens that chat (the top bar links there); an id works too.
  for (const path of ["/chats", "/chats/:key"]) {
    routes.get(path, (c) =>
      privatePage(c, deps, {
        titleKey: "chats.title",
        extraI18nGroups: ["chats"],
        requires: { feature: "useInternalChat" },
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
