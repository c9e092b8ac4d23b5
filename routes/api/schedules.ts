/** `/api/schedules` (admin §7 "Schedules"): scheduled messages, with the picture upload. */
import { Hono } from "hono";
import { z } from "zod";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { ListQuery } from "../../lib/http/list_query.ts";
import { idField, idParam, queryIdField } from "../../lib/http/params.ts";
import { readUploadForm, uploadBodyLimit } from "../../lib/http/upload.ts";
import { instantField, validateJson, validateQuery } from "../../lib/http/validate.ts";
import { MAX_MEDIA_BYTES } from "../../lib/media/store.ts";
import type { WebDeps } from "../deps.ts";
import { attachScheduleMedia, detachScheduleMedia } from "../../services/schedules/media.ts";
import {
  createSchedule,
  deleteSchedule,
  listSchedules,
  showSchedule,
  updateSchedule,
} from "../../services/schedules/schedules.ts";
import { requireFeature } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { ATTACH } from "./openapi/phrases.ts";

/** Admin §5: body at least 5 characters; contact and time required. */
export const Fields = z.object({
  body: z.string().trim().min(5, "ERR_SCHEDULE_BODY_TOO_SHORT").max(4096),
  contactId: idField("ERR_SCHEDULE_CONTACT_REQUIRED"),
  sendAt: instantField("ERR_SCHEDULE_SEND_AT_REQUIRED"),
});
export const UpdateBody = Fields.partial();

export const ScheduleQuery = ListQuery.extend({
  contactId: queryIdField().optional(),
  userId: queryIdField().optional(),
  from: instantField().optional(),
  to: instantField().optional(),
});

export function scheduleRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const scheduleId = (c: Parameters<typeof idParam>[0]) =>
    idParam(c, "id", "ERR_NO_SCHEDULE_FOUND");
  // Signed in, and the plan includes schedules, before any body is read.
  routes.use(requireFeature(deps.db, "useSchedules"));

  routes.get("/", async (c) => {
    const who = requireAuth(c);
    return c.json(await listSchedules(deps, who, validateQuery(c, ScheduleQuery)));
  });

  routes.get("/:id{[0-9]+}", async (c) => {
    const who = requireAuth(c);
    return c.json(await showSchedule(deps.db, who, scheduleId(c), deps.mediaLinks));
  });

  routes.post("/", async (c) => {
    const who = requireAuth(c);
    return c.json(await createSchedule(deps, who, await validateJson(c, Fields)));
  });

  routes.put("/:id{[0-9]+}", async (c) => {
    const who = requireAuth(c);
    const id = scheduleId(c);
    return c.json(await updateSchedule(deps, who, id, await validateJson(c, UpdateBody)));
  });

  routes.delete("/:id{[0-9]+}", async (c) => {
    const who = requireAuth(c);
    await deleteSchedule(deps, who, scheduleId(c));
    return c.body(null, 204);
  });

  routes.post("/:id{[0-9]+}/media-upload", uploadBodyLimit(MAX_MEDIA_BYTES), async (c) => {
    const who = requireAuth(c);
    const id = scheduleId(c);
    const { file } = await readUploadForm(c);
    return c.json(await attachScheduleMedia(deps, who, id, file));
  });

  routes.delete("/:id{[0-9]+}/media-upload", async (c) => {
    const who = requireAuth(c);
    return c.json(await detachScheduleMedia(deps, who, scheduleId(c)));
  });

  return routes;
}

export const scheduleDocs: RouteDocs = {
  "GET /": {
    summary: "List scheduled messages",
    description: "Plan flag useSchedules.",
    query: ScheduleQuery,
  },
  "GET /:id{[0-9]+}": { summary: "One scheduled message" },
  "POST /": { summary: "Schedule a message", body: Fields },
  "PUT /:id{[0-9]+}": {
    summary: "Change a scheduled message (not once sent)",
    body: UpdateBody,
  },
  "DELETE /:id{[0-9]+}": { summary: "Delete a scheduled message" },
  "POST /:id{[0-9]+}/media-upload": {
    summary: "Attach an image to a scheduled message",
    description: ATTACH,
    files: ["file"],
  },
  "DELETE /:id{[0-9]+}/media-upload": {
    summary: "Remove a scheduled message's image",
  },
};
