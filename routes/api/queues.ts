/**
 * `/api/queue` and `/api/queue-options` (admin §8 "Queues", "Queue options"). Every signed-in
 * user of the company reads them (tickets, transfers and filters need the queues); only admins
 * change them.
 */
import { Hono } from "hono";
import { z } from "zod";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { noneAsNull } from "../../lib/http/client_values.ts";
import { idParam } from "../../lib/http/params.ts";
import { readUploadForm, uploadBodyLimit } from "../../lib/http/upload.ts";
import { validateJson, validateQuery } from "../../lib/http/validate.ts";
import { MAX_MEDIA_BYTES } from "../../lib/media/store.ts";
import type { ServiceDeps } from "../../services/deps.ts";
import { requireAdmin } from "../../services/accounts/permissions.ts";
import { OpeningHours } from "../../services/companies/opening_hours.ts";
import {
  attachQueueMedia,
  attachQueueOptionMedia,
  detachQueueMedia,
  detachQueueOptionMedia,
} from "../../services/queues/media.ts";
import {
  createQueueOption,
  deleteQueueOption,
  listQueueOptions,
  showQueueOption,
  updateQueueOption,
} from "../../services/queues/options.ts";
import {
  createQueue,
  deleteQueue,
  listQueues,
  showQueue,
  updateQueue,
} from "../../services/queues/queues.ts";

const REQUIRED = "Required";

/** The id of a queue's integration or prompt, or null for none. */
const linkId = (message: string) =>
  z.preprocess(
    noneAsNull,
    z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message)
      .nullable(),
  );

/**
 * Admin §5: name required, 2 to 50 characters; colour required, 3 to 9 characters, and (as the
 * anchor checks) a hex colour, kept lowercase so that "#ABC" and "#abc" are one colour.
 */
const QueueFields = z.object({
  name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).min(2, "Too Short!")
    .max(50, "Too Long!"),
  color: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).min(3, "Too Short!")
    .max(9, "Too Long!").regex(/^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i, "Cor inválida")
    .transform((c) => c.toLowerCase()),
  greetingMessage: z.string({ error: "Texto inválido" }).max(10_000, "Too Long!"),
  outOfHoursMessage: z.string({ error: "Texto inválido" }).max(10_000, "Too Long!"),
  orderQueue: z.preprocess(
    noneAsNull,
    z.coerce.number({ error: "Número inválido" }).int("Número inválido")
      .min(0, "Número inválido").max(9999, "Número inválido").nullable(),
  ),
  // An id or none; the service checks the plan's flag, then that the id names one.
  integrationId: linkId("ERR_INTEGRATION_NOT_FOUND"),
  promptId: linkId("ERR_PROMPT_NOT_FOUND"),
  schedules: OpeningHours,
});
const CreateQueue = QueueFields.partial().extend({
  name: QueueFields.shape.name,
  color: QueueFields.shape.color,
});
const UpdateQueue = QueueFields.partial();

const ListOptionsQuery = z.object({
  queueId: z.coerce.number({ error: "Obrigatório" }).int("Fila inválida").min(1, "Fila inválida")
    .max(2_147_483_647, "Fila inválida"),
  parentId: z.coerce.number({ error: "Opção inválida" }).int("Opção inválida")
    .min(-1, "Opção inválida").max(2_147_483_647, "Opção inválida").optional(),
});

const OptionFields = z.object({
  title: z.string({ error: "Obrigatório" }).trim().min(1, "Obrigatório")
    .max(100, "Máximo de 100 caracteres"),
  message: z.string({ error: "Texto inválido" }).max(10_000, "Máximo de 10000 caracteres"),
  option: z.coerce.string({ error: "Texto inválido" }).trim().max(20, "Máximo de 20 caracteres"),
});
const CreateOption = OptionFields.partial({ message: true, option: true }).extend({
  queueId: z.number({ error: "Obrigatório" }).int("Fila inválida").min(1, "Fila inválida")
    .max(2_147_483_647, "Fila inválida"),
  // -1, null or nothing: the queue's top level.
  parentId: z.number({ error: "Opção inválida" }).int("Opção inválida").min(-1, "Opção inválida")
    .max(2_147_483_647, "Opção inválida").nullable().optional()
    .transform((id) => (id === undefined || id === null || id === -1 ? null : id)),
});
const UpdateOption = OptionFields.partial();

type IdContext = Parameters<typeof idParam>[0];

/** The multipart upload routes: admins only, checked before reading a body of up to 16 MB. */
function uploadRoute(
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

export function queueRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const queueId = (c: IdContext) => idParam(c, "id", "ERR_NO_QUEUE_FOUND");

  routes.get("/", async (c) => c.json(await listQueues(deps.db, requireAuth(c))));

  routes.get("/:id{[0-9]+}", async (c) => {
    const who = requireAuth(c);
    return c.json(await showQueue(deps.db, who, queueId(c)));
  });

  routes.post("/", async (c) => {
    const who = requireAdmin(c);
    return c.json(await createQueue(deps, who, await validateJson(c, CreateQueue)));
  });

  routes.put("/:id{[0-9]+}", async (c) => {
    const who = requireAdmin(c);
    const id = queueId(c);
    return c.json(await updateQueue(deps, who, id, await validateJson(c, UpdateQueue)));
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

export function queueOptionRoutes(deps: ServiceDeps): Hono<AppEnv> {
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
