/**
 * `/api/announcements` (admin §7): the super user writes them (list, show, create, update,
 * picture, delete); everyone signed in reads the active ones and has a bell (`GET /bell`,
 * `POST /bell/read`).
 */
import { Hono } from "hono";
import { z } from "zod";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { ListQuery } from "../../lib/http/list_query.ts";
import { idParam } from "../../lib/http/params.ts";
import { readUploadForm, uploadBodyLimit } from "../../lib/http/upload.ts";
import { validateJson, validateQuery } from "../../lib/http/validate.ts";
import { MAX_MEDIA_BYTES } from "../../lib/media/store.ts";
import {
  attachAnnouncementMedia,
  bellOf,
  createAnnouncement,
  deleteAnnouncement,
  detachAnnouncementMedia,
  listAnnouncements,
  markAnnouncementsRead,
  showAnnouncement,
  updateAnnouncement,
} from "../../services/announcements/mod.ts";
import type { WebDeps } from "../deps.ts";
import { requireSuper } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { ATTACH, SUPER } from "./openapi/phrases.ts";

/** Admin §5: title and text required; priority 1 to 3 (default 3); status default active. */
const Fields = z.object({
  title: z.string().trim().min(1, "ERR_ANNOUNCEMENT_TITLE_REQUIRED").max(200),
  text: z.string().trim().min(1, "ERR_ANNOUNCEMENT_TEXT_REQUIRED").max(5000),
  priority: z.coerce.number().int().min(1).max(3).transform((n) => n as 1 | 2 | 3),
  status: z.boolean(),
});
export const CreateBody = Fields.extend({
  priority: Fields.shape.priority.default(3),
  status: Fields.shape.status.default(true),
});
export const UpdateBody = Fields.partial();

const NOT_FOUND = "ERR_NO_ANNOUNCEMENT_FOUND";

export function announcementRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const reader = (c: Parameters<typeof requireAuth>[0]) => {
    const who = requireAuth(c);
    return { userId: who.userId, super: who.super };
  };

  routes.get("/", async (c) => {
    return c.json(await listAnnouncements(deps, reader(c), validateQuery(c, ListQuery)));
  });

  routes.get("/bell", async (c) => c.json(await bellOf(deps, reader(c))));

  routes.post("/bell/read", async (c) => {
    await markAnnouncementsRead(deps, reader(c));
    return c.body(null, 204);
  });

  routes.get("/:id{[0-9]+}", async (c) => {
    return c.json(await showAnnouncement(deps, reader(c), idParam(c, "id", NOT_FOUND)));
  });

  routes.post("/", async (c) => {
    const writer = requireSuper(c);
    return c.json(await createAnnouncement(deps, writer, await validateJson(c, CreateBody)), 201);
  });

  routes.put("/:id{[0-9]+}", async (c) => {
    requireSuper(c);
    const id = idParam(c, "id", NOT_FOUND);
    return c.json(await updateAnnouncement(deps, id, await validateJson(c, UpdateBody)));
  });

  routes.post(
    "/:id{[0-9]+}/media-upload",
    async (c, next) => {
      // The super user only, before reading a body of up to 16 MB.
      requireSuper(c);
      await next();
    },
    uploadBodyLimit(MAX_MEDIA_BYTES),
    async (c) => {
      const writer = requireSuper(c);
      const id = idParam(c, "id", NOT_FOUND);
      const { file } = await readUploadForm(c);
      return c.json(await attachAnnouncementMedia(deps, writer, id, file));
    },
  );

  routes.delete("/:id{[0-9]+}/media-upload", async (c) => {
    requireSuper(c);
    return c.json(await detachAnnouncementMedia(deps, idParam(c, "id", NOT_FOUND)));
  });

  routes.delete("/:id{[0-9]+}", async (c) => {
    requireSuper(c);
    await deleteAnnouncement(deps, idParam(c, "id", NOT_FOUND));
    return c.body(null, 204);
  });

  return routes;
}

export const announcementDocs: RouteDocs = {
  "GET /": { summary: "List announcements, a page at a time", query: ListQuery },
  "GET /bell": { summary: "The unread announcements of the bell" },
  "POST /bell/read": { summary: "Mark the bell's announcements read" },
  "GET /:id{[0-9]+}": { summary: "One announcement" },
  "POST /": {
    summary: "Create an announcement",
    description: SUPER,
    body: CreateBody,
  },
  "PUT /:id{[0-9]+}": {
    summary: "Change an announcement",
    description: SUPER,
    body: UpdateBody,
  },
  "POST /:id{[0-9]+}/media-upload": {
    summary: "Attach a file to an announcement",
    description: ATTACH,
    files: ["file"],
  },
  "DELETE /:id{[0-9]+}/media-upload": { summary: "Remove an announcement's file" },
  "DELETE /:id{[0-9]+}": { summary: "Delete an announcement", description: SUPER },
};
