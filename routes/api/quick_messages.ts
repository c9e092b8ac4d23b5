/** `/api/quick-messages` (admin §7 "Quick messages"), with the attachment upload. */
import { Hono } from "hono";
import { z } from "zod";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { ListQuery } from "../../lib/http/list_query.ts";
import { idParam } from "../../lib/http/params.ts";
import { readUploadForm, uploadBodyLimit } from "../../lib/http/upload.ts";
import { fieldRefusal, validateJson, validateQuery } from "../../lib/http/validate.ts";
import { MAX_MEDIA_BYTES } from "../../lib/media/store.ts";
import type { WebDeps } from "../deps.ts";
import {
  attachQuickMessageMedia,
  detachQuickMessageMedia,
} from "../../services/quick_messages/media.ts";
import {
  createQuickMessage,
  deleteQuickMessage,
  listQuickMessages,
  listQuickMessageSuggestions,
  showQuickMessage,
  updateQuickMessage,
} from "../../services/quick_messages/quick_messages.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { ATTACH } from "./openapi/phrases.ts";

/** Admin §5: shortcode required. A leading "/" (how agents type it) is not part of it. */
const Fields = z.object({
  shortcode: z.string().trim().transform((s) => s.replace(/^\/+/, "").trim())
    .pipe(z.string().min(1).max(60)),
  message: z.string().max(10_000),
  geral: z.boolean(),
  status: z.boolean(),
});
export const CreateBody = Fields.extend({
  message: Fields.shape.message.default(""),
  geral: Fields.shape.geral.default(false),
  status: Fields.shape.status.default(true),
});
export const UpdateBody = Fields.partial();

/** The original client sends `typeArch=quickMessage`; it never chooses a folder here. */
const UPLOAD_TYPE = "quickMessage";

export function quickMessageRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const messageId = (c: Parameters<typeof idParam>[0]) =>
    idParam(c, "id", "ERR_NO_QUICK_MESSAGE_FOUND");

  routes.get("/", async (c) => {
    const who = requireAuth(c);
    const query = validateQuery(c, ListQuery);
    return c.json(await listQuickMessages(deps.db, who, query, deps.mediaLinks));
  });

  routes.get("/list", async (c) => {
    return c.json(await listQuickMessageSuggestions(deps.db, requireAuth(c), deps.mediaLinks));
  });

  routes.get("/:id{[0-9]+}", async (c) => {
    const who = requireAuth(c);
    return c.json(await showQuickMessage(deps.db, who, messageId(c), deps.mediaLinks));
  });

  routes.post("/", async (c) => {
    const who = requireAuth(c);
    return c.json(await createQuickMessage(deps, who, await validateJson(c, CreateBody)));
  });

  routes.put("/:id{[0-9]+}", async (c) => {
    const who = requireAuth(c);
    const id = messageId(c);
    return c.json(await updateQuickMessage(deps, who, id, await validateJson(c, UpdateBody)));
  });

  routes.delete("/:id{[0-9]+}", async (c) => {
    const who = requireAuth(c);
    await deleteQuickMessage(deps, who, messageId(c));
    return c.body(null, 204);
  });

  routes.post(
    "/:id{[0-9]+}/media-upload",
    async (c, next) => {
      // Signed-in callers only, before reading a body of up to 16 MB.
      requireAuth(c);
      await next();
    },
    uploadBodyLimit(MAX_MEDIA_BYTES),
    async (c) => {
      const who = requireAuth(c);
      const id = messageId(c);
      const { file, fields } = await readUploadForm(c);
      if (fields.typeArch !== undefined && fields.typeArch !== UPLOAD_TYPE) {
        throw fieldRefusal("typeArch", { code: "ERR_INVALID_OPTION" });
      }
      return c.json(await attachQuickMessageMedia(deps, who, id, file));
    },
  );

  routes.delete("/:id{[0-9]+}/media-upload", async (c) => {
    const who = requireAuth(c);
    return c.json(await detachQuickMessageMedia(deps, who, messageId(c)));
  });

  return routes;
}

export const quickMessageDocs: RouteDocs = {
  "GET /": { summary: "List quick replies, a page at a time", query: ListQuery },
  "GET /list": { summary: "The quick replies the user may use" },
  "GET /:id{[0-9]+}": { summary: "One quick reply" },
  "POST /": { summary: "Create a quick reply", body: CreateBody },
  "PUT /:id{[0-9]+}": {
    summary: "Change a quick reply",
    body: UpdateBody,
  },
  "DELETE /:id{[0-9]+}": { summary: "Delete a quick reply" },
  "POST /:id{[0-9]+}/media-upload": {
    summary: "Attach a file to a quick reply",
    description: ATTACH,
    files: ["file"],
  },
  "DELETE /:id{[0-9]+}/media-upload": { summary: "Remove a quick reply's file" },
};
