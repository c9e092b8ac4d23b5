/**
 * `/api/tickets` and `/api/messages/{ticketId}` for reading (core §7). Changing tickets
 * (accept, transfer, resolve…) and sending come with the ticket screen.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../../lib/db/mod.ts";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { idParam } from "../../lib/http/params.ts";
import { validateQuery } from "../../lib/http/validate.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import { listMessages, listTickets, showTicket } from "../../services/tickets/read.ts";

const TicketsQuery = z.object({
  status: z.enum(["pending", "open", "closed"], { error: "Opção inválida" }).optional(),
  searchParam: z.string().max(200, "Máximo de 200 caracteres").optional(),
  // "1,2,3" or a JSON array, as the original's clients send it.
  queueIds: z.string().regex(/^\[?\d+(,\d+)*\]?$/, "Opção inválida").optional()
    .transform((ids) => ids?.replace(/[[\]]/g, "").split(",").map(Number)),
  cursor: z.string().max(100).optional(),
});

const MessagesQuery = z.object({ cursor: z.string().max(100).optional() });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function ticketRoutes(deps: { db: Db; hub?: Hub }): Hono<AppEnv> {
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

  routes.get("/messages/:ticketId{[0-9]+}", async (c) => {
    const auth = requireAuth(c);
    const ticketId = idParam(c, "ticketId", "ERR_NO_TICKET_FOUND");
    const { cursor } = validateQuery(c, MessagesQuery);
    return c.json(await listMessages(deps, auth, ticketId, cursor));
  });

  return routes;
}
