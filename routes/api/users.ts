/** `/api/users` (core §7 "Users"): the company's staff, as admins manage them. */
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { REFRESH_COOKIE, requireAuth } from "../../lib/http/auth.ts";
import { clientIp } from "../../lib/http/client_ip.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { idParam } from "../../lib/http/params.ts";
import { validateJson, validateQuery } from "../../lib/http/validate.ts";
import { isAdmin } from "../../services/accounts/permissions.ts";
import { createUser } from "../../services/users/create_user.ts";
import { deleteUser } from "../../services/users/delete_user.ts";
import type { WebDeps } from "../deps.ts";
import type { UsersDeps } from "../../services/users/deps.ts";
import { listColleagues, listColleaguesPage, listUsers } from "../../services/users/list_users.ts";
import { readUser } from "../../services/users/read_user.ts";
import { CreateUserBody, ListUsersQuery, UpdateUserBody } from "../../services/users/schemas.ts";
import { updateUser } from "../../services/users/update_user.ts";
import { requireAdmin } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { ADMIN } from "./openapi/phrases.ts";

export function userRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // The account changes' current-password checks count with sign-in's wrong passwords.
  const users: WebDeps & UsersDeps = { ...deps, guesses: deps.loginThrottle };

  // Admins page through whole users; a plain user through colleagues' names and queues.
  routes.get("/", async (c) => {
    const auth = requireAuth(c);
    const query = validateQuery(c, ListUsersQuery);
    return c.json(
      isAdmin(auth)
        ? await listUsers(deps.db, auth.companyId, query)
        : await listColleaguesPage(deps.db, auth.companyId, query),
    );
  });

  // Any colleague may read who works here (e.g. to pick whom to transfer a ticket to).
  routes.get("/list", async (c) => {
    const auth = requireAuth(c);
    return c.json(await listColleagues(deps.db, auth));
  });

  routes.get("/:id", async (c) => {
    const auth = requireAuth(c);
    return c.json(await readUser(deps.db, auth, idParam(c, "id", "ERR_NO_USER_FOUND")));
  });

  routes.post("/", async (c) => {
    const auth = requireAdmin(c);
    const body = await validateJson(c, CreateUserBody);
    return c.json(await createUser(users, auth, body, { address: clientIp(c) }), 201);
  });

  routes.put("/:id", async (c) => {
    const auth = requireAuth(c);
    const id = idParam(c, "id", "ERR_NO_USER_FOUND");
    const body = await validateJson(c, UpdateUserBody);
    const callerRefreshToken = getCookie(c, REFRESH_COOKIE);
    return c.json(
      await updateUser(users, auth, id, body, { callerRefreshToken, address: clientIp(c) }),
    );
  });

  routes.delete("/:id", async (c) => {
    const auth = requireAdmin(c);
    await deleteUser(users, auth, idParam(c, "id", "ERR_NO_USER_FOUND"));
    return c.body(null, 204);
  });

  return routes;
}

export const userDocs: RouteDocs = {
  "GET /": { summary: "List users, a page at a time", query: ListUsersQuery },
  "GET /list": { summary: "Every user of the company (for pickers)" },
  "GET /:id": { summary: "One user" },
  "POST /": { summary: "Create a user", description: ADMIN, body: CreateUserBody },
  "PUT /:id": {
    summary: "Change a user (users change only themselves)",
    body: UpdateUserBody,
  },
  "DELETE /:id": { summary: "Delete a user", description: ADMIN },
};
