/**
 * `/api/chats` (admin §7 "Internal chat"), for plans with `useInternalChat`: the member's
 * chats, create, edit and delete (the owner), mark read, and the messages (paged from the
 * newest back, `before` as a keyset cursor beside `pageNumber`).
 */
import { Hono } from "hono";
import { z } from "zod";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { AppError } from "../../lib/http/errors.ts";
import { ListQuery, pageNumberField } from "../../lib/http/list_query.ts";
import { idField, idParam, parseId, queryIdField } from "../../lib/http/params.ts";
import { validateJson, validateQuery } from "../../lib/http/validate.ts";
import {
  createChat,
  deleteChat,
  findChat,
  listChatMessages,
  listChats,
  markChatRead,
  sendChatMessage,
  updateChat,
} from "../../services/chats/mod.ts";
import type { WebDeps } from "../deps.ts";
import { requireFeature } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";

/** A member as the spec's client sends it (`{id}`) or a bare id. */
const MemberId = z.union([idField(), z.object({ id: idField() }).transform((user) => user.id)]);

/** Admin §5: a title, and at least one other member. */
export const Fields = z.object({
  title: z.string().trim().min(1, "ERR_CHAT_TITLE_REQUIRED").max(120),
  users: z.array(MemberId).min(1, "ERR_CHAT_USERS_REQUIRED").max(500),
});
export const UpdateBody = Fields.partial();

export const MessageBody = z.object({
  message: z.string().trim().min(1, "ERR_CHAT_MESSAGE_BLANK").max(5000),
});

export const MessagesQuery = z.object({
  pageNumber: pageNumberField,
  before: queryIdField().optional(),
});

const NOT_FOUND = "ERR_NO_CHAT_FOUND";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function chatRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use("*", requireFeature(deps.db, "useInternalChat"));
  const member = (c: Parameters<typeof requireAuth>[0]) => {
    const who = requireAuth(c);
    return { companyId: who.companyId, userId: who.userId };
  };
  const chatId = (c: Parameters<typeof idParam>[0]) => idParam(c, "id", NOT_FOUND);

  routes.get("/", async (c) => {
    const { searchParam } = validateQuery(c, ListQuery);
    return c.json({ records: await listChats(deps.db, member(c), searchParam), hasMore: false });
  });

  routes.post("/", async (c) => {
    const who = member(c);
    return c.json(await createChat(deps, who, await validateJson(c, Fields)), 201);
  });

  // The spec's client opens a chat by its uuid; the id works too.
  routes.get("/:key", async (c) => {
    const key = c.req.param("key");
    const id = /^[0-9]+$/.test(key) ? parseId(key) : null;
    if (id === null && !UUID.test(key)) throw new AppError(NOT_FOUND, 404);
    return c.json(await findChat(deps.db, member(c), id ?? key));
  });

  routes.put("/:id{[0-9]+}", async (c) => {
    const who = member(c);
    return c.json(await updateChat(deps, who, chatId(c), await validateJson(c, UpdateBody)));
  });

  routes.delete("/:id{[0-9]+}", async (c) => {
    await deleteChat(deps, member(c), chatId(c));
    return c.body(null, 204);
  });

  routes.post("/:id{[0-9]+}/read", async (c) => {
    return c.json(await markChatRead(deps, member(c), chatId(c)));
  });

  routes.get("/:id{[0-9]+}/messages", async (c) => {
    const query = validateQuery(c, MessagesQuery);
    return c.json(await listChatMessages(deps.db, member(c), chatId(c), query));
  });

  routes.post("/:id{[0-9]+}/messages", async (c) => {
    const who = member(c);
    const { message } = await validateJson(c, MessageBody);
    return c.json(await sendChatMessage(deps, who, chatId(c), message), 201);
  });

  return routes;
}

export const chatDocs: RouteDocs = {
  "GET /": { summary: "The user's internal chats", query: ListQuery },
  "POST /": { summary: "Start an internal chat", body: Fields },
  "GET /:key": { summary: "One internal chat, by id or uuid" },
  "PUT /:id{[0-9]+}": {
    summary: "Rename a chat or change its members",
    body: UpdateBody,
  },
  "DELETE /:id{[0-9]+}": { summary: "Delete a chat (its owner)" },
  "POST /:id{[0-9]+}/read": { summary: "Mark a chat read" },
  "GET /:id{[0-9]+}/messages": {
    summary: "A chat's messages, a page at a time",
    query: MessagesQuery,
  },
  "POST /:id{[0-9]+}/messages": { summary: "Write in a chat", body: MessageBody },
};
