/**
 * `/api/queue` (admin §8 "Queues"; the options are queue_options.ts). Every signed-in user of
 * the company reads them (tickets, transfers and filters need the queues); only admins change
 * them.
 */
import { Hono } from "hono";
import { z } from "zod";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { noneAsNull } from "../../lib/http/client_values.ts";
import { idParam } from "../../lib/http/params.ts";
import {
  isMultipart,
  readMultipart,
  readUploadForm,
  uploadBodyLimit,
} from "../../lib/http/upload.ts";
import { validate, validateJson } from "../../lib/http/validate.ts";
import { AppError } from "../../lib/http/errors.ts";
import { MAX_MEDIA_BYTES } from "../../lib/media/store.ts";
import type { WebDeps } from "../deps.ts";
import { OpeningHours } from "../../services/companies/opening_hours.ts";
import { attachQueueMedia, detachQueueMedia } from "../../services/queues/media.ts";
import {
  createQueue,
  deleteQueue,
  listQueues,
  showQueue,
  updateQueue,
} from "../../services/queues/queues.ts";
import {
  MAX_OPTION_NODES,
  type OptionTreeNode,
  QUEUE_OPTION_KINDS,
} from "../../services/queues/option_tree.ts";
import { requireAdmin } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { ADMIN, ATTACH } from "./openapi/phrases.ts";

/** The id of a queue's integration or prompt (or an option's forward queue), or null for none. */
const linkId = z.preprocess(
  noneAsNull,
  z.number().int().positive().max(2_147_483_647).nullable(),
);

/**
 * Admin §5: name required, 2 to 50 characters; colour required, 3 to 9 characters, and (as the
 * anchor checks) a hex colour, kept lowercase so that "#ABC" and "#abc" are one colour.
 * Field errors are codes from lib/http/validate.ts.
 */
const QueueFields = z.object({
  name: z.string().trim().min(1).min(2).max(50),
  color: z.string().trim().min(1).min(3).max(9)
    .regex(/^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i, "ERR_INVALID_COLOR")
    .transform((c) => c.toLowerCase()),
  greetingMessage: z.string().max(10_000),
  outOfHoursMessage: z.string().max(10_000),
  orderQueue: z.preprocess(
    noneAsNull,
    z.coerce.number().int().min(0).max(9999).nullable(),
  ),
  // An id or none; the service checks the plan's flag, then that the id names one.
  integrationId: linkId,
  promptId: linkId,
  schedules: OpeningHours,
});
/** One node of the menu the queue dialog saves with the queue (services/queues/option_tree.ts). */
const OptionNode: z.ZodType<OptionTreeNode> = z.object({
  id: z.number().int().positive().max(2_147_483_647).optional(),
  title: z.string().trim().min(1, "ERR_QUEUE_OPTION_TITLE_REQUIRED").max(100),
  message: z.string().max(10_000).optional(),
  option: z.string().trim().max(20).optional(),
  mediaKey: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/).optional(),
  removeMedia: z.boolean().optional(),
  // Whose queue it is, and that only a leaf forwards, the service checks (field refusals).
  forwardQueueId: linkId.optional(),
  kind: z.enum(QUEUE_OPTION_KINDS).optional(),
  get children() {
    return z.array(OptionNode).max(MAX_OPTION_NODES).optional();
  },
});

/**
 * How deep a value nests, counted without recursion: a hostile body nested thousands of
 * levels deep is refused before the recursive schema walks it.
 */
function nestingOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== "object" || item === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > 40) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

// Eight menu levels are 2 × 8 nestings of arrays and nodes, plus the fields inside.
const OptionTree = z.unknown()
  .refine((tree) => nestingOf(tree) <= 18, "ERR_QUEUE_OPTIONS_TOO_DEEP")
  .pipe(z.array(OptionNode).max(MAX_OPTION_NODES));

export const CreateQueue = QueueFields.partial().extend({
  name: QueueFields.shape.name,
  color: QueueFields.shape.color,
  options: OptionTree.optional(),
});
export const UpdateQueue = QueueFields.partial().extend({ options: OptionTree.optional() });

/** The multipart field holding the queue as JSON; files go as `media.<mediaKey>`. */
const QUEUE_FIELD = "queue";
const MEDIA_FIELD_PREFIX = "media.";

/**
 * A queue save: JSON, or multipart when the dialog sends option media with it (the queue as
 * JSON in `queue`, each file under `media.<key>` that a node's `mediaKey` names).
 */
async function readQueueSave<S extends z.ZodType>(
  c: IdContext,
  schema: S,
): Promise<{ input: z.output<S>; files: Map<string, File> }> {
  if (!isMultipart(c)) return { input: await validateJson(c, schema), files: new Map() };
  const body = await readMultipart(c);
  const files = new Map<string, File>();
  let json: unknown;
  for (const [field, value] of Object.entries(body)) {
    if (field === QUEUE_FIELD && typeof value === "string") {
      try {
        json = JSON.parse(value);
      } catch {
        throw new AppError("ERR_INVALID_JSON", 400);
      }
    } else if (field.startsWith(MEDIA_FIELD_PREFIX) && value instanceof File) {
      files.set(field.slice(MEDIA_FIELD_PREFIX.length), value);
    } else {
      throw new AppError("ERR_BAD_REQUEST", 400);
    }
  }
  if (json === undefined) throw new AppError("ERR_INVALID_JSON", 400);
  return { input: validate(schema, json), files };
}

export type IdContext = Parameters<typeof idParam>[0];

/** The multipart upload routes: admins only, checked before reading a body of up to 16 MB. */
export function uploadRoute(
  routes: Hono<AppEnv>,
  notFound: string,
  attach: (c: IdContext, id: number, file: File) => Promise<unknown>,
) {
  routes.post(
    "/:id{[0-9]+}/media-upload",
    async (c, next) => {
      requireAdmin(c);
      await next();
    },
    uploadBodyLimit(MAX_MEDIA_BYTES),
    async (c) => {
      const id = idParam(c, "id", notFound);
      const { file } = await readUploadForm(c);
      return c.json(await attach(c, id, file));
    },
  );
}

export function queueRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const queueId = (c: IdContext) => idParam(c, "id", "ERR_NO_QUEUE_FOUND");

  routes.get("/", async (c) => c.json(await listQueues(deps.db, requireAuth(c))));

  routes.get("/:id{[0-9]+}", async (c) => {
    const who = requireAuth(c);
    return c.json(await showQueue(deps.db, who, queueId(c)));
  });

  // Admins only, checked before a multipart body (the option media) is read.
  const saveGuard = async (c: IdContext, next: () => Promise<void>) => {
    requireAdmin(c);
    await next();
  };
  const saveLimit = uploadBodyLimit(MAX_MEDIA_BYTES);

  routes.post("/", saveGuard, saveLimit, async (c) => {
    const who = requireAdmin(c);
    const { input, files } = await readQueueSave(c, CreateQueue);
    return c.json(await createQueue(deps, who, input, files));
  });

  routes.put("/:id{[0-9]+}", saveGuard, saveLimit, async (c) => {
    const who = requireAdmin(c);
    const id = queueId(c);
    const { input, files } = await readQueueSave(c, UpdateQueue);
    return c.json(await updateQueue(deps, who, id, input, files));
  });

  routes.delete("/:id{[0-9]+}", async (c) => {
    const who = requireAdmin(c);
    await deleteQueue(deps, who, queueId(c));
    return c.body(null, 204);
  });

  uploadRoute(routes, "ERR_NO_QUEUE_FOUND", (c, id, file) => {
    return attachQueueMedia(deps, requireAdmin(c), id, file);
  });

  routes.delete("/:id{[0-9]+}/media-upload", async (c) => {
    const who = requireAdmin(c);
    return c.json(await detachQueueMedia(deps, who, queueId(c)));
  });

  return routes;
}

export const queueDocs: RouteDocs = {
  "GET /": { summary: "Every queue" },
  "GET /:id{[0-9]+}": { summary: "One queue with its options tree" },
  "POST /": {
    summary: "Create a queue",
    description:
      `${ADMIN} JSON, or multipart with the queue as JSON in \`queue\` and the options' files.`,
    body: CreateQueue,
  },
  "PUT /:id{[0-9]+}": {
    summary: "Change a queue",
    description:
      `${ADMIN} JSON, or multipart with the queue as JSON in \`queue\` and the options' files.`,
    body: UpdateQueue,
  },
  "DELETE /:id{[0-9]+}": { summary: "Delete a queue", description: ADMIN },
  "POST /:id{[0-9]+}/media-upload": {
    summary: "Attach a file to a queue's greeting",
    description: ATTACH,
    files: ["file"],
  },
  "DELETE /:id{[0-9]+}/media-upload": {
    summary: "Remove a queue's file",
    description: ADMIN,
  },
};
