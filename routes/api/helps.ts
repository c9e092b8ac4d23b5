/**
 * `/api/helps` (admin §7): `GET /list` for everyone signed in (the /helps page); the paged
 * `GET /`, `POST /`, `PUT /{id}` and `DELETE /{id}` for the super user.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { WebDeps } from "../deps.ts";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { ListQuery } from "../../lib/http/list_query.ts";
import { idParam } from "../../lib/http/params.ts";
import { validateJson, validateQuery } from "../../lib/http/validate.ts";
import {
  createHelp,
  deleteHelp,
  listAllHelps,
  listHelpsPage,
  updateHelp,
} from "../../services/helps/helps.ts";
import { youtubeVideoId } from "../../services/helps/youtube.ts";
import { requireSuper } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { SUPER } from "./openapi/phrases.ts";

export const HelpFields = z.object({
  title: z.string().trim().min(1).max(200),
  // An id or a link; what is stored is the id.
  video: z.string().trim().min(1).max(500)
    .transform((text, ctx) => {
      const id = youtubeVideoId(text);
      if (id === null) {
        ctx.addIssue({ code: "custom", message: "ERR_INVALID_VIDEO" });
        return z.NEVER;
      }
      return id;
    }),
  description: z.string().trim().max(2000),
});

export const NewHelp = HelpFields.extend({ description: HelpFields.shape.description.default("") });

export function helpRoutes(deps: WebDeps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();

  routes.get("/list", async (c) => {
    requireAuth(c);
    return c.json(await listAllHelps(db));
  });

  routes.get("/", async (c) => {
    requireSuper(c);
    return c.json(await listHelpsPage(db, validateQuery(c, ListQuery)));
  });

  routes.post("/", async (c) => {
    requireSuper(c);
    return c.json(await createHelp(db, await validateJson(c, NewHelp)), 201);
  });

  routes.put("/:id{[0-9]+}", async (c) => {
    requireSuper(c);
    const changes = await validateJson(c, HelpFields.partial());
    return c.json(await updateHelp(db, idParam(c, "id", "ERR_NO_HELP_FOUND"), changes));
  });

  routes.delete("/:id{[0-9]+}", async (c) => {
    requireSuper(c);
    await deleteHelp(db, idParam(c, "id", "ERR_NO_HELP_FOUND"));
    return c.body(null, 204);
  });

  return routes;
}

export const helpDocs: RouteDocs = {
  "GET /list": { summary: "Every help video" },
  "GET /": {
    summary: "List help videos, a page at a time",
    description: SUPER,
    query: ListQuery,
  },
  "POST /": { summary: "Create a help video", description: SUPER, body: NewHelp },
  "PUT /:id{[0-9]+}": {
    summary: "Change a help video",
    description: SUPER,
    body: HelpFields.partial(),
  },
  "DELETE /:id{[0-9]+}": { summary: "Delete a help video", description: SUPER },
};
