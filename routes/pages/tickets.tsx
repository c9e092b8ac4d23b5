/**
 * The ticket screens. The ticket screen (core §2), `/tickets` and `/tickets/{uuid}`: the
 * server gives the island what its pickers need (queues, colleagues, connections, tags) and,
 * for an address with a uuid, that ticket if the user may see it; otherwise the island says "Acesso não permitido"
 * and goes back to /tickets (core §5). Lists and messages load through the API.
 * The kanban (admin §2, plan flag useKanban): the open tickets in their tag lanes.
 */
import { type Context, Hono } from "hono";
import { ListPageHeading } from "../../components/lists/ListPageHeading.tsx";
import KanbanBoard from "../../islands/KanbanBoard.tsx";
import TicketsPage from "../../islands/TicketsPage.tsx";
import type { AppEnv } from "../../lib/http/env.ts";
import { parseId } from "../../lib/http/params.ts";
import { isAdmin } from "../../services/accounts/permissions.ts";
import { listKanbanTags } from "../../services/tags/tags.ts";
import { kanbanBoard } from "../../services/tickets/kanban.ts";
import { ticketPageData } from "../../services/tickets/page_data.ts";
import type { WebDeps } from "../deps.ts";
import { privatePage } from "./_private.tsx";
import { principalOfPage } from "./_session.ts";

export function ticketsPages(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  const page = (uuid: string | null) => (c: Context<AppEnv>) =>
    privatePage(c, deps, {
      titleKey: "tickets.title",
      extraI18nGroups: ["tickets", "errors.tickets", "schedules", "quickMessages"],
      render: async ({ user }) => {
        const viewer = {
          userId: user.id,
          companyId: user.companyId,
          profile: user.profile,
          super: user.super,
        };
        const { queues, colleagues, connections, tags, defaultWhatsappId, opened, startContact } =
          await ticketPageData(deps.db, viewer, {
            uuid,
            // "Start a ticket" on /contacts comes here with the contact to open the dialog for.
            contactId: parseId(c.req.query("contactId")),
          });
        const me = colleagues.find((colleague) => colleague.id === user.id);
        return (
          <TicketsPage
            companyId={user.companyId}
            viewer={{
              id: user.id,
              name: user.name,
              admin: isAdmin(user),
              queueIds: me?.queues.map((queue) => queue.id) ?? [],
              whatsappId: defaultWhatsappId,
            }}
            queues={queues}
            users={colleagues.map((colleague) => ({
              id: colleague.id,
              name: colleague.name,
              queueIds: colleague.queues.map((queue) => queue.id),
            }))}
            connections={connections}
            tags={tags.map((tag) => ({ id: tag.id, name: tag.name, color: tag.color }))}
            initialTicket={opened}
            denied={uuid !== null && opened === null}
            startContact={startContact}
          />
        );
      },
    });

  routes.get("/tickets", page(null));
  routes.get("/tickets/:uuid", (c) => page(c.req.param("uuid"))(c));

  routes.get("/kanban", (c) =>
    privatePage(c, deps, {
      titleKey: "kanban.title",
      extraI18nGroups: ["kanban"],
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

  return routes;
}
