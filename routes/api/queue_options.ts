/**
 * `/api/queue-options` (admin §8 "Queue options"): the nodes of a queue's chatbot menu. Every
 * signed-in user of the company reads them; only admins change them.
 */
import { Hono } from "hono";
import { z } from "zod";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { idParam } from "../../lib/http/params.ts";
import { validateJson, validateQuery } from "../../lib/http/validate.ts";
import { attachQueueOptionMedia, detachQueueOptionMedia } from "../../services/queues/media.ts";
import {
  createQueueOption,
  deleteQueueOption,
  listQueueOptions,
  showQueueOption,
  updateQueueOption,
} from "../../services/queues/options.ts";
import type { WebDeps } from "../deps.ts";
import { requireAdmin } from "./guards.ts";
import { ADMIN, ATTACH } from "./openapi/phrases.ts";
import { type IdContext, uploadRoute } from "./queues.ts";

export const ListOptionsQuery = z.object({
  // Text first, so that a missing queueId is "required" rather than "not a number".
  queueId: z.string().pipe(z.coerce.number<string>().int().min(1).max(2_147_483_647)),
  parentId: z.coerce.number().int().min(-1).max(2_147_483_647).optional(),
});

const OptionFields = z.object({
  title: z.string().trim().min(1).max(100),
  message: z.string().max(10_000),
  option: z.coerce.string().trim().max(20),
});
export const CreateOption = OptionFields.partial({ message: true, option: true }).extend({
  queueId: z.number().int().min(1).max(2_147_483_647),
  // -1, null or nothing: the queue's top level.
  parentId: z.number().int().min(-1).max(2_147_483_647).nullable().optional()
    .transform((id) => (id === undefined || id === null || id === -1 ? null : id)),
});
export const UpdateOption = OptionFields.partial();

export function queueOptionRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const optionId = (c: IdContext) => idParam(c, "id", "ERR_NO_QUEUE_OPTION_FOUND");

  routes.get("/", async (c) => {
    const who = requireAuth(c);
    return c.json(await listQueueOptions(deps.db, who, validateQuery(c, ListOptionsQuery)));
  });

  routes.get("/:id{[0-9]+}", async (c) => {
    const who = requireAuth(c);
    return c.json(await showQueueOption(deps.db, who, optionId(c)));
  });

  routes.post("/", async (c) => {
    const who = requireAdmin(c);
    return c.json(await createQueueOption(deps, who, await validateJson(c, CreateOption)));
  });

  routes.put("/:id{[0-9]+}", async (c) => {
    const who = requireAdmin(c);
    const id = optionId(c);
    return c.json(await updateQueueOption(deps, who, id, await validateJson(c, UpdateOption)));
  });

  routes.delete("/:id{[0-9]+}", async (c) => {
    const who = requireAdmin(c);
    await deleteQueueOption(deps, who, optionId(c));
    return c.body(null, 204);
  });

  uploadRoute(routes, "ERR_NO_QUEUE_OPTION_FOUND", (c, id, file) => {
    return attachQueueOptionMedia(deps, requireAdmin(c), id, file);
  });

  routes.delete("/:id{[0-9]+}/media-upload", async (c) => {
    const who = requireAdmin(c);
    return c.json(await detachQueueOptionMedia(deps, who, optionId(c)));
  });

  return routes;
}

export const queueOptionDocs: RouteDocs = {
  "GET /": { summary: "A queue's options", query: ListOptionsQuery },
  "GET /:id{[0-9]+}": { summary: "One queue option" },
  "POST /": {
    summary: "Create a queue option",
    description: ADMIN,
    body: CreateOption,
  },
  "PUT /:id{[0-9]+}": {
    summary: "Change a queue option",
    description: ADMIN,
    body: UpdateOption,
  },
  "DELETE /:id{[0-9]+}": { summary: "Delete a queue option", description: ADMIN },
  "POST /:id{[0-9]+}/media-upload": {
    summary: "Attach a file to a queue option",
    description: ATTACH,
    files: ["file"],
  },
  "DELETE /:id{[0-9]+}/media-upload": {
    summary: "Remove a queue option's file",
    description: ADMIN,
  },
};
