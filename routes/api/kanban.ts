/**
 * The kanban's calls (admin §7 "Kanban"), for plans with `useKanban`: `GET /ticket/kanban`
 * (the viewer's own queues' open and waiting tickets), `PUT /ticket-tags/{ticketId}/{tagId}`
 * (move a card to a lane) and `DELETE /ticket-tags/{ticketId}` (back to "Em aberto").
 * The lanes themselves are `GET /api/tags/kanban`.
 */
import { Hono } from "hono";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { idParam } from "../../lib/http/params.ts";
import type { WebDeps } from "../deps.ts";
import { kanbanTickets, moveToLane } from "../../services/tickets/kanban.ts";
import { requireFeature } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";

export function kanbanRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const kanban = requireFeature(deps.db, "useKanban");
  const ticketId = (c: Parameters<typeof idParam>[0]) =>
    idParam(c, "ticketId", "ERR_NO_TICKET_FOUND");

  routes.get("/ticket/kanban", kanban, async (c) => {
    return c.json({ tickets: await kanbanTickets(deps.db, requireAuth(c)) });
  });

  routes.put("/ticket-tags/:ticketId{[0-9]+}/:tagId{[0-9]+}", kanban, async (c) => {
    const tagId = idParam(c, "tagId", "ERR_NO_TAG_FOUND");
    return c.json(await moveToLane(deps, requireAuth(c), ticketId(c), tagId));
  });

  routes.delete("/ticket-tags/:ticketId{[0-9]+}", kanban, async (c) => {
    return c.json(await moveToLane(deps, requireAuth(c), ticketId(c), null));
  });

  return routes;
}

export const kanbanDocs: RouteDocs = {
  "GET /ticket/kanban": {
    tag: "kanban",
    summary: "The kanban's tickets",
    description: "Plan flag useKanban.",
  },
  "PUT /ticket-tags/:ticketId{[0-9]+}/:tagId{[0-9]+}": {
    tag: "kanban",
    summary: "Move a ticket to a kanban column",
  },
  "DELETE /ticket-tags/:ticketId{[0-9]+}": {
    tag: "kanban",
    summary: "Take a ticket off the kanban's columns",
  },
};
