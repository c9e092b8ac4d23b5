/**
 * The integrators' API (admin §7 "External message API"): `POST /api/messages/send` (the path
 * Whaticket integrators call) and `POST /api/send`, JSON `{number, body, closeTicket?}` or
 * multipart with `medias[]`; `GET /api/messages/send/{messageId}` reads a message's acks.
 * Signed in by the connection's token as `Authorization: Bearer`, never by a user session;
 * each token may make `RATE_LIMIT` calls a minute (429 with Retry-After beyond that).
 */
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../lib/http/env.ts";
import { idParam } from "../../lib/http/params.ts";
import { sharedRateLimit } from "../../lib/http/shared_rate_limit.ts";
import { isMultipart, readMultipart, uploadBodyLimit } from "../../lib/http/upload.ts";
import { fieldRefusal, validate, validateJson } from "../../lib/http/validate.ts";
import { MAX_MEDIA_BYTES } from "../../lib/media/store.ts";
import type { WebDeps } from "../deps.ts";
import { bearerToken, connectionOfToken } from "../../services/external_api/connection.ts";
import { apiMessageStatus, sendFromApi } from "../../services/external_api/send.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";

/** Calls a minute per token, counted in the database across every instance. */
export const RATE_LIMIT = 60;
const MINUTE = 60_000;
/** Files in one call (each becomes a message). */
const MAX_FILES = 10;

const TRUE_TEXT = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");
export const SendBody = z.object({
  number: z.union([z.string(), z.number().transform(String)]).pipe(
    z.string().trim().min(1).max(40),
  ),
  body: z.string().max(4096).default(""),
  closeTicket: z.union([z.boolean(), TRUE_TEXT]).default(false),
});
const IdempotencyKey = z.string().trim().min(1).max(200).optional();

export function externalSendRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const perToken = sharedRateLimit(deps.db, {
    limit: RATE_LIMIT,
    windowMs: MINUTE,
    now: () => deps.clock.now(),
  });

  async function signedIn(c: Context<AppEnv>) {
    const connection = await connectionOfToken(deps.db, bearerToken(c.req.header("Authorization")));
    await perToken.hit(`api-send:${connection.connectionId}`);
    return connection;
  }

  async function send(c: Context<AppEnv>) {
    const connection = await signedIn(c);
    const idempotencyKey = validate(IdempotencyKey, c.req.header("Idempotency-Key"));
    let files: File[] = [];
    let input: z.output<typeof SendBody>;
    if (isMultipart(c)) {
      const form = await readMultipart(c);
      const medias = [form["medias"], form["medias[]"]].flat().filter((item) => item);
      files = medias.filter((item): item is File => item instanceof File);
      if (files.length > MAX_FILES) {
        throw fieldRefusal("medias", { code: "ERR_API_TOO_MANY_FILES" });
      }
      const text = (key: string) => typeof form[key] === "string" ? form[key] : undefined;
      input = validate(SendBody, {
        number: text("number"),
        body: text("body"),
        closeTicket: text("closeTicket"),
      });
    } else {
      input = await validateJson(c, SendBody);
    }
    return c.json(await sendFromApi(deps, connection, { ...input, files, idempotencyKey }));
  }

  // The token is checked before a body of up to three files is read.
  const guard = async (c: Context<AppEnv>, next: () => Promise<void>) => {
    await connectionOfToken(deps.db, bearerToken(c.req.header("Authorization")));
    await next();
  };
  const limit = uploadBodyLimit(MAX_MEDIA_BYTES * 3);
  routes.post("/messages/send", guard, limit, send);
  routes.post("/send", guard, limit, send);

  routes.get("/messages/send/:messageId{[0-9]+}", async (c) => {
    const connection = await signedIn(c);
    const messageId = idParam(c, "messageId", "ERR_NO_MESSAGE_FOUND");
    return c.json(await apiMessageStatus(deps.db, connection, messageId));
  });

  return routes;
}

const INTEGRATORS = "integrators";
const SEND_API = "The integrators' API (plan flag useExternalApi): signed in by the " +
  "connection's token, 60 calls a minute per token (429 with Retry-After beyond), an " +
  "`Idempotency-Key` header answers a repeated call as the first and sends nothing. The " +
  "number is normalised and checked on WhatsApp (400 ERR_INVALID_NUMBER); a disconnected " +
  "connection answers 409 ERR_WAPP_NOT_CONNECTED. Answers " +
  '`{mensagem: "Mensagem enviada", messageId, messageIds, ticketId}`.';

export const externalSendDocs: RouteDocs = {
  "POST /messages/send": {
    summary: "Send a message to a number (integrators; the path Whaticket integrators call)",
    description: `${SEND_API} Multipart sends \`medias\` (up to 10 files, the text on the first).`,
    access: "connection",
    tag: INTEGRATORS,
    body: SendBody,
    files: ["medias"],
  },
  "POST /send": {
    summary: "Send a message to a number (integrators)",
    description: `${SEND_API} The same as POST /api/messages/send.`,
    access: "connection",
    tag: INTEGRATORS,
    body: SendBody,
    files: ["medias"],
  },
  "GET /messages/send/:messageId{[0-9]+}": {
    summary: "A message sent through the API, with its acks",
    description: "ack: 0 queued, 1 sent, 2 reached the server, 3 delivered, 4 read, 5 played.",
    access: "connection",
    tag: INTEGRATORS,
  },
};
