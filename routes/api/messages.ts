/**
 * `/api/messages` (core §7): a ticket's messages, older pages on demand (reading marks them
 * read); sending text or files, quoted and signed; deleting one of ours for everyone.
 */
import { Hono } from "hono";
import { z } from "zod";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { pageNumberField } from "../../lib/http/list_query.ts";
import { idParam, queryIdField } from "../../lib/http/params.ts";
import { isMultipart, readMultipart, uploadBodyLimit } from "../../lib/http/upload.ts";
import { fieldRefusal, validate, validateJson, validateQuery } from "../../lib/http/validate.ts";
import { MAX_MEDIA_BYTES } from "../../lib/media/store.ts";
import type { WebDeps } from "../deps.ts";
import { deleteTicketMessage, sendTicketMessage } from "../../services/tickets/outbound.ts";
import { listMessages } from "../../services/tickets/read.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";

export const MessagesQuery = z.object({
  cursor: z.string().max(100).optional(),
  pageNumber: pageNumberField,
  // An admin's peek reads without taking the unread count from whoever serves the ticket.
  peek: z.enum(["true", "false"]).optional(),
});

/** At most this many files in one send (each becomes a message). */
const MAX_FILES = 10;

export const SendBody = z.object({
  body: z.string().max(4096).default(""),
  quotedMsgId: queryIdField().optional(),
  // The original screens send the quoted message itself (or null for none); its id counts.
  quotedMsg: z.object({ id: queryIdField() }).nullish(),
  // Multipart sends "true"/"false"; JSON sends a boolean.
  sign: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")])
    .optional(),
}).transform(({ quotedMsg, ...input }) => ({
  ...input,
  quotedMsgId: input.quotedMsgId ?? quotedMsg?.id ?? undefined,
}));

export function messageRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get("/:ticketId{[0-9]+}", async (c) => {
    const auth = requireAuth(c);
    const ticketId = idParam(c, "ticketId", "ERR_NO_TICKET_FOUND");
    const { peek, ...page } = validateQuery(c, MessagesQuery);
    return c.json(await listMessages(deps, auth, ticketId, page, { markRead: peek !== "true" }));
  });

  routes.post(
    "/:ticketId{[0-9]+}",
    // Several files, but no more in all than the API's multipart ceiling allows.
    uploadBodyLimit(MAX_MEDIA_BYTES * 3),
    async (c) => {
      const auth = requireAuth(c);
      const ticketId = idParam(c, "ticketId", "ERR_NO_TICKET_FOUND");
      let files: File[] = [];
      let input: z.output<typeof SendBody>;
      if (isMultipart(c)) {
        const form = await readMultipart(c);
        const medias = form["medias"];
        files = (Array.isArray(medias) ? medias : medias ? [medias] : [])
          .filter((item): item is File => item instanceof File);
        if (files.length > MAX_FILES) {
          throw fieldRefusal("medias", { code: "ERR_TOO_MANY", maximum: MAX_FILES });
        }
        const text = (key: string) => typeof form[key] === "string" ? form[key] : undefined;
        input = validate(SendBody, {
          // A form's text fields arrive with CRLF line breaks (HTML's form encoding); the
          // customer gets the same line breaks as a JSON message.
          body: (text("body") ?? "").replaceAll("\r\n", "\n"),
          quotedMsgId: text("quotedMsgId"),
          sign: text("sign"),
        });
      } else {
        input = await validateJson(c, SendBody);
      }
      const messages = await sendTicketMessage(deps, auth, ticketId, { ...input, files });
      return c.json({ messages }, 201);
    },
  );

  routes.delete("/:id{[0-9]+}", async (c) => {
    const auth = requireAuth(c);
    const id = idParam(c, "id", "ERR_NO_MESSAGE_FOUND");
    return c.json({ message: await deleteTicketMessage(deps, auth, id) });
  });

  return routes;
}

export const messageDocs: RouteDocs = {
  "GET /:ticketId{[0-9]+}": {
    summary: "A ticket's messages, a page at a time",
    query: MessagesQuery,
  },
  "POST /:ticketId{[0-9]+}": {
    summary: "Send a message in a ticket (text, or files as multipart `medias`)",
    body: SendBody,
    files: ["medias"],
  },
  "DELETE /:id{[0-9]+}": { summary: "Delete a message for everyone" },
};
