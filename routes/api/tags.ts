/**
 * `/api/tags` (admin §7 "Tags"). `POST /api/tags/sync` (a ticket's tags) comes with the
 * tickets of the conversations issue.
 */
import { Hono } from "hono";
import { z } from "zod";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { ListQuery } from "../../lib/http/list_query.ts";
import { idField, idParam } from "../../lib/http/params.ts";
import { validateJson, validateQuery } from "../../lib/http/validate.ts";
import type { WebDeps } from "../deps.ts";
import {
  createTag,
  deleteTag,
  listAllTags,
  listKanbanTags,
  listTags,
  showTag,
  updateTag,
} from "../../services/tags/tags.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";

/** Admin §5: name required, at least 3 characters; refusals are codes (lib/http/validate.ts). */
const TagFields = z.object({
  name: z.string().trim().min(1).min(3).max(50),
  color: z.string({ error: "ERR_INVALID_COLOR" }).trim()
    .regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, "ERR_INVALID_COLOR").transform((c) => c.toLowerCase()),
  // The spec's API carries 0 or 1; a boolean from a switch means the same.
  kanban: z.union([z.literal(0), z.literal(1), z.boolean()], { error: "ERR_INVALID_OPTION" })
    .transform((k) => (k === 1 || k === true ? 1 : 0) as 0 | 1),
});
/**
 * The whole set of tags for a ticket or a contact: the screen sends the chosen tags as
 * objects; plain ids are accepted too.
 */
export const TagIdsField = z.array(z.union([idField(), z.object({ id: idField() })])).max(100)
  .transform((tags) => tags.map((tag) => typeof tag === "number" ? tag : tag.id));

export const CreateBody = TagFields.partial({ color: true, kanban: true });
export const UpdateBody = TagFields.partial();

export function tagRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const tagId = (c: Parameters<typeof idParam>[0]) => idParam(c, "id", "ERR_NO_TAG_FOUND");

  routes.get("/", async (c) => {
    const who = requireAuth(c);
    return c.json(await listTags(deps.db, who, validateQuery(c, ListQuery)));
  });

  routes.get("/list", async (c) => c.json(await listAllTags(deps.db, requireAuth(c))));

  routes.get("/kanban", async (c) => {
    return c.json({ lista: await listKanbanTags(deps.db, requireAuth(c)) });
  });

  routes.get("/:id{[0-9]+}", async (c) => {
    const who = requireAuth(c);
    return c.json(await showTag(deps.db, who, tagId(c)));
  });

  routes.post("/", async (c) => {
    const who = requireAuth(c);
    return c.json(await createTag(deps, who, await validateJson(c, CreateBody)));
  });

  routes.put("/:id{[0-9]+}", async (c) => {
    const who = requireAuth(c);
    const id = tagId(c);
    return c.json(await updateTag(deps, who, id, await validateJson(c, UpdateBody)));
  });

  routes.delete("/:id{[0-9]+}", async (c) => {
    const who = requireAuth(c);
    await deleteTag(deps, who, tagId(c));
    return c.body(null, 204);
  });

  return routes;
}

export const tagDocs: RouteDocs = {
  "GET /": { summary: "List tags, a page at a time", query: ListQuery },
  "GET /list": { summary: "Every tag" },
  "GET /kanban": { summary: "The tags that are kanban columns" },
  "GET /:id{[0-9]+}": { summary: "One tag" },
  "POST /": { summary: "Create a tag", body: CreateBody },
  "PUT /:id{[0-9]+}": { summary: "Change a tag", body: UpdateBody },
  "DELETE /:id{[0-9]+}": { summary: "Delete a tag" },
};
