/**
 * `/api/tickets` (core §7): the list with its filters, one ticket by id or uuid, creating
 * one, its transitions (PUT) and deleting it (admins), and `/api/tags/sync` for its tags.
 * Messages are in messages.ts, notes in ticket_notes.ts.
 */
import { Hono } from "hono";
import { z } from "zod";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { pageNumberField } from "../../lib/http/list_query.ts";
import { idField, idParam } from "../../lib/http/params.ts";
import { dayField, validateJson, validateQuery } from "../../lib/http/validate.ts";
import type { WebDeps } from "../deps.ts";
import { createTicket } from "../../services/tickets/create.ts";
import { listTickets, showTicket } from "../../services/tickets/read.ts";
import { TagIdsField } from "./tags.ts";
import { syncTicketTags } from "../../services/tickets/ticket_tags.ts";
import { deleteTicket, updateTicket } from "../../services/tickets/update.ts";
import { requirePermission } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { ADMIN } from "./openapi/phrases.ts";

/**
 * "1,2,3" or a JSON array "[1,2,3]", as the original's clients send id lists; an empty one
 * ("[]" or nothing) is no filter.
 */
const idList = z.string().regex(/^(\[?\d{1,9}(,\d{1,9}){0,99}\]?|\[\]|)$/, "ERR_INVALID_OPTION")
  .optional()
  .transform((ids) => ids?.replace(/[[\]]/g, "").split(",").filter(Boolean).map(Number));
const day = dayField().optional();
const flag = z.enum(["true", "false"]).optional()
  .transform((value) => value === "true");

export const TicketsQuery = z.object({
  status: z.enum(["pending", "open", "closed"]).optional(),
  searchParam: z.string().max(200).optional(),
  queueIds: idList,
  tags: idList,
  users: idList,
  date: day,
  updatedAt: day,
  showAll: flag,
  withUnreadMessages: flag,
  cursor: z.string().max(100).optional(),
  pageNumber: pageNumberField,
});

const id = idField();

export const NewTicketBody = z.object({
  contactId: id,
  queueId: id.nullable().optional(),
  whatsappId: id.nullable().optional(),
  userId: id.nullable().optional(),
  // Accepted for the original's clients; a ticket made by hand always starts open.
  status: z.enum(["pending", "open", "closed"]).optional(),
});

export const TicketChangeBody = z.object({
  status: z.enum(["pending", "open", "closed"]).optional(),
  userId: id.nullable().optional(),
  queueId: id.nullable().optional(),
  whatsappId: id.nullable().optional(),
  useIntegration: z.boolean().optional(),
  integrationId: id.nullable().optional(),
  promptId: id.nullable().optional(),
});

export const TagSyncBody = z.object({
  ticketId: id,
  tags: TagIdsField,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function ticketRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get("/tickets", async (c) => {
    const query = validateQuery(c, TicketsQuery);
    return c.json(await listTickets(deps.db, requireAuth(c), query));
  });

  routes.get("/tickets/u/:uuid", async (c) => {
    const auth = requireAuth(c);
    const uuid = c.req.param("uuid");
    if (!UUID.test(uuid)) return c.json({ error: "ERR_NO_TICKET_FOUND" }, 404);
    return c.json(await showTicket(deps.db, auth, { uuid }));
  });

  routes.get("/tickets/:id{[0-9]+}", async (c) => {
    const auth = requireAuth(c);
    const id = idParam(c, "id", "ERR_NO_TICKET_FOUND");
    return c.json(await showTicket(deps.db, auth, { id }));
  });

  routes.post("/tickets", async (c) => {
    const auth = requireAuth(c);
    const body = await validateJson(c, NewTicketBody);
    return c.json(await createTicket(deps, auth, body), 201);
  });

  routes.put("/tickets/:id{[0-9]+}", async (c) => {
    const auth = requireAuth(c);
    const id = idParam(c, "id", "ERR_NO_TICKET_FOUND");
    const body = await validateJson(c, TicketChangeBody);
    return c.json(await updateTicket(deps, auth, id, body));
  });

  routes.delete("/tickets/:id{[0-9]+}", async (c) => {
    const auth = requirePermission(c, "ticket-options:deleteTicket");
    await deleteTicket(deps, auth, idParam(c, "id", "ERR_NO_TICKET_FOUND"));
    return c.json({ message: "Ticket deleted" });
  });

  routes.post("/tags/sync", async (c) => {
    const auth = requireAuth(c);
    const body = await validateJson(c, TagSyncBody);
    return c.json(await syncTicketTags(deps, auth, body.ticketId, body.tags));
  });

  return routes;
}

export const ticketDocs: RouteDocs = {
  "POST /tags/sync": { summary: "Set a ticket's tags", body: TagSyncBody },
  "GET /tickets": {
    summary: "List tickets (filters, a page at a time)",
    query: TicketsQuery,
  },
  "GET /tickets/u/:uuid": { summary: "One ticket by its uuid" },
  "GET /tickets/:id{[0-9]+}": { summary: "One ticket" },
  "POST /tickets": { summary: "Open a ticket for a contact", body: NewTicketBody },
  "PUT /tickets/:id{[0-9]+}": {
    summary: "Accept, transfer, return, close or reopen a ticket",
    body: TicketChangeBody,
  },
  "DELETE /tickets/:id{[0-9]+}": { summary: "Delete a ticket", description: ADMIN },
};
