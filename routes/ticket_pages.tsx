/**
 * The ticket screen (core §2): `/tickets` and `/tickets/{uuid}`. The server gives the island
 * what its pickers need (queues, colleagues, connections, tags) and, for an address with a
 * uuid, that ticket if the user may see it; otherwise the island says "Acesso não permitido"
 * and goes back to /tickets (core §5). Lists and messages load through the API.
 */
import { type Context, Hono } from "hono";
import TicketsPage from "../islands/TicketsPage.tsx";
import { sql } from "../lib/db/mod.ts";
import type { AppEnv } from "../lib/http/env.ts";
import { AppError } from "../lib/http/errors.ts";
import { isAdmin } from "../services/accounts/permissions.ts";
import { listAllTags } from "../services/tags/tags.ts";
import { showTicket } from "../services/tickets/read.ts";
import type { Ticket } from "../services/tickets/rows.ts";
import { listColleagueNames } from "../services/users/list_users.ts";
import { listConnectionChoices } from "../services/users/user_connection.ts";
import { listQueueChoices } from "../services/users/user_queues.ts";
import { privatePage } from "./_private.tsx";
import type { PageSessionDeps } from "./_session.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function ticketPageRoutes(deps: PageSessionDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  const page = (uuid: string | null) => (c: Context<AppEnv>) =>
    privatePage(c, deps, {
      titleKey: "tickets.title",
      extraI18nGroups: ["tickets", "errors.tickets"],
      render: async ({ user }) => {
        const viewer = {
          userId: user.id,
          companyId: user.companyId,
          profile: user.profile,
          super: user.super,
        };
        // "Start a ticket" on /contacts comes here with the contact to open the dialog for.
        const contactId = Number(c.req.query("contactId"));
        const [queues, colleagues, connections, tags, defaults, opened, startContact] =
          await Promise
            .all([
              listQueueChoices(deps.db, user.companyId),
              listColleagueNames(deps.db, user.companyId),
              listConnectionChoices(deps.db, user.companyId),
              listAllTags(deps.db, viewer),
              deps.db.maybeOne<{ whatsapp_id: number | null }>(
                sql`select whatsapp_id from users where id = ${user.id}`,
              ),
              uuid ? openable(viewer, uuid) : Promise.resolve(null),
              Number.isInteger(contactId) && contactId > 0 && contactId <= 2_147_483_647
                ? deps.db.maybeOne<{ id: number; name: string; number: string }>(sql`
              select id, name, number from contacts
              where company_id = ${user.companyId} and id = ${contactId}`)
                : Promise.resolve(null),
            ]);
        const me = colleagues.find((colleague) => colleague.id === user.id);
        return (
          <TicketsPage
            companyId={user.companyId}
            viewer={{
              id: user.id,
              name: user.name,
              admin: isAdmin(user),
              queueIds: me?.queues.map((queue) => queue.id) ?? [],
              whatsappId: defaults?.whatsapp_id ?? null,
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

  /** The ticket of the address, or null when it is not there or not the user's to see. */
  async function openable(
    viewer: Parameters<typeof showTicket>[1],
    uuid: string,
  ): Promise<Ticket | null> {
    if (!UUID.test(uuid)) return null;
    try {
      return await showTicket(deps.db, viewer, { uuid });
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return null;
      throw err;
    }
  }

  routes.get("/tickets", page(null));
  routes.get("/tickets/:uuid", (c) => page(c.req.param("uuid"))(c));
  return routes;
}
