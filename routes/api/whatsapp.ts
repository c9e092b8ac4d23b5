/**
 * `/api/whatsapp` and `/api/whatsappsession` (core §7): the connections and their sessions.
 * Everyone signed in may list and read (plain users see no token and no QR); adding,
 * editing, deleting and the session buttons are the named admin permissions.
 */
import { type Context, Hono } from "hono";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { idParam } from "../../lib/http/params.ts";
import { validateJson, validateQuery } from "../../lib/http/validate.ts";
import { isAdmin } from "../../services/accounts/permissions.ts";
import {
  CreateConnectionBody,
  ListConnectionsQuery,
  UpdateConnectionBody,
} from "../../services/whatsapp/connection_input.ts";
import { presentConnection } from "../../services/whatsapp/connection_rows.ts";
import {
  createConnection,
  deleteConnection,
  listConnections,
  showConnection,
  updateConnection,
} from "../../services/whatsapp/connections.ts";
import type { WebDeps } from "../deps.ts";
import { requirePermission } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { ADMIN } from "./openapi/phrases.ts";

export function whatsappRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const connectionDeps = {
    db: deps.db,
    hub: deps.hub,
    stopSession: (companyId: number, id: number) => deps.sessions.disconnect(companyId, id),
  };

  routes.get("/whatsapp", async (c) => {
    const auth = requireAuth(c);
    validateQuery(c, ListConnectionsQuery);
    const rows = await listConnections(deps.db, auth.companyId);
    return c.json(rows.map((row) => presentConnection(row, { admin: isAdmin(auth) })));
  });

  routes.get("/whatsapp/:id", async (c) => {
    const auth = requireAuth(c);
    const id = idParam(c, "id", "ERR_NO_WAPP_FOUND");
    const row = await showConnection(deps.db, auth.companyId, id);
    return c.json(presentConnection(row, { admin: isAdmin(auth) }));
  });

  routes.post("/whatsapp", async (c) => {
    const auth = requirePermission(c, "connections-page:addConnection");
    const body = await validateJson(c, CreateConnectionBody);
    const row = await createConnection(connectionDeps, auth.companyId, body);
    return c.json(presentConnection(row, { admin: true }), 201);
  });

  routes.put("/whatsapp/:id", async (c) => {
    const auth = requirePermission(c, "connections-page:editOrDeleteConnection");
    const id = idParam(c, "id", "ERR_NO_WAPP_FOUND");
    const body = await validateJson(c, UpdateConnectionBody);
    const row = await updateConnection(connectionDeps, auth.companyId, id, body);
    return c.json(presentConnection(row, { admin: true }));
  });

  routes.delete("/whatsapp/:id", async (c) => {
    const auth = requirePermission(c, "connections-page:editOrDeleteConnection");
    const id = idParam(c, "id", "ERR_NO_WAPP_FOUND");
    await deleteConnection(connectionDeps, auth.companyId, id);
    return c.json({ message: "Whatsapp deleted." });
  });

  // Session buttons: start, new QR, disconnect. They answer at once; progress is pushed on
  // company-{id}-whatsappSession (never waiting for the phone, unlike the old server).
  const sessionAction =
    (action: "start" | "restart" | "disconnect") => async (c: Context<AppEnv>) => {
      const auth = requirePermission(c, "connections-page:actionButtons");
      const id = idParam(c, "id", "ERR_NO_WAPP_FOUND");
      await showConnection(deps.db, auth.companyId, id);
      await deps.sessions[action](auth.companyId, id);
      return c.json({ message: "Session updated." });
    };
  routes.post("/whatsappsession/:id", sessionAction("start"));
  routes.put("/whatsappsession/:id", sessionAction("restart"));
  routes.delete("/whatsappsession/:id", sessionAction("disconnect"));

  return routes;
}

export const whatsappDocs: RouteDocs = {
  "GET /whatsapp": {
    summary: "The company's WhatsApp connections",
    query: ListConnectionsQuery,
  },
  "GET /whatsapp/:id": { summary: "One connection (its API token for admins)" },
  "POST /whatsapp": {
    summary: "Create a connection",
    description: ADMIN,
    body: CreateConnectionBody,
  },
  "PUT /whatsapp/:id": {
    summary: "Change a connection (`renewToken` rotates its API token)",
    description: ADMIN,
    body: UpdateConnectionBody,
  },
  "DELETE /whatsapp/:id": { summary: "Delete a connection", description: ADMIN },
  "POST /whatsappsession/:id": {
    tag: "whatsapp",
    summary: "Start a connection's session (QR code)",
    description: ADMIN,
  },
  "PUT /whatsappsession/:id": {
    tag: "whatsapp",
    summary: "Restart a connection's session",
    description: ADMIN,
  },
  "DELETE /whatsappsession/:id": {
    tag: "whatsapp",
    summary: "Disconnect a connection's session",
    description: ADMIN,
  },
};
