/**
 * `/api/files` (admin §7 "Files"): file lists with option rows and each option's upload
 * (`POST /api/files/uploadList/{id}` with `files` and, per file, the option's `id`). Any
 * signed-in user may read them (campaigns and queue options pick them); admins change them.
 */
import { type Context, Hono } from "hono";
import { z } from "zod";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { AppError } from "../../lib/http/errors.ts";
import { ListQuery } from "../../lib/http/list_query.ts";
import { idField, idParam, parseId } from "../../lib/http/params.ts";
import { readMultipart, uploadBodyLimit } from "../../lib/http/upload.ts";
import { validateJson, validateQuery } from "../../lib/http/validate.ts";
import { MAX_MEDIA_BYTES } from "../../lib/media/store.ts";
import type { WebDeps } from "../deps.ts";
import {
  allFiles,
  createFile,
  deleteFile,
  listFiles,
  showFile,
  updateFile,
  uploadFileOptions,
} from "../../services/files/files.ts";
import { requireAdmin } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { ADMIN } from "./openapi/phrases.ts";

/** Admin §5: a name of at least three characters and a message. */
export const FileBody = z.object({
  name: z.string().trim().min(3, "ERR_FILE_NAME_TOO_SHORT").max(100),
  message: z.string().trim().min(1, "ERR_FILE_MESSAGE_REQUIRED").max(10_000),
  options: z.array(z.object({
    id: idField("ERR_NO_FILE_OPTION_FOUND").optional(),
    name: z.string().trim().min(1).max(100),
  })).max(50).default([]),
});
/** Up to this many files in one upload call. */
const MAX_FILES_PER_UPLOAD = 10;

export function fileRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const fileId = (c: Context<AppEnv>) => idParam(c, "id", "ERR_NO_FILE_FOUND");

  routes.get("/", async (c) => {
    const who = requireAuth(c);
    return c.json(await listFiles(deps.db, who.companyId, validateQuery(c, ListQuery)));
  });
  routes.get("/list", async (c) => c.json(await allFiles(deps.db, requireAuth(c).companyId)));
  routes.get("/:id{[0-9]+}", async (c) => {
    return c.json(await showFile(deps.db, requireAuth(c).companyId, fileId(c)));
  });
  routes.post("/", async (c) => {
    const who = requireAdmin(c);
    const input = await validateJson(c, FileBody);
    return c.json(await createFile(deps, who.companyId, who.userId, input));
  });
  routes.put("/:id{[0-9]+}", async (c) => {
    const who = requireAdmin(c);
    const id = fileId(c);
    const input = await validateJson(c, FileBody);
    return c.json(await updateFile(deps, who.companyId, id, input));
  });
  routes.delete("/:id{[0-9]+}", async (c) => {
    const who = requireAdmin(c);
    await deleteFile(deps, who.companyId, fileId(c));
    return c.body(null, 204);
  });
  routes.post(
    "/uploadList/:id{[0-9]+}",
    async (c, next) => {
      requireAdmin(c);
      await next();
    },
    uploadBodyLimit(MAX_MEDIA_BYTES * MAX_FILES_PER_UPLOAD),
    async (c) => {
      const who = requireAdmin(c);
      const id = fileId(c);
      const body = await readMultipart(c);
      const files = [body.files ?? []].flat().filter((f): f is File => f instanceof File);
      const ids = [body.id ?? body["id[]"] ?? []].flat().map((v) => parseId(v));
      if (
        files.length === 0 || files.length > MAX_FILES_PER_UPLOAD || ids.length !== files.length ||
        ids.includes(null)
      ) {
        throw new AppError("ERR_VALIDATION", 400, { fields: { files: "ERR_FILE_UPLOAD_PAIRS" } });
      }
      const uploads = files.map((file, i) => ({ optionId: ids[i]!, file }));
      return c.json(await uploadFileOptions(deps, who.companyId, id, uploads));
    },
  );
  return routes;
}

export const fileDocs: RouteDocs = {
  "GET /": { summary: "List file lists, a page at a time", query: ListQuery },
  "GET /list": { summary: "Every file list" },
  "GET /:id{[0-9]+}": { summary: "One file list" },
  "POST /": { summary: "Create a file list", description: ADMIN, body: FileBody },
  "PUT /:id{[0-9]+}": {
    summary: "Change a file list",
    description: ADMIN,
    body: FileBody,
  },
  "DELETE /:id{[0-9]+}": { summary: "Delete a file list", description: ADMIN },
  "POST /uploadList/:id{[0-9]+}": {
    summary: "Upload a file list's files",
    description: `${ADMIN} Multipart: \`files\` and, for each, its option's \`id\`, in order.`,
    files: ["files"],
  },
};
