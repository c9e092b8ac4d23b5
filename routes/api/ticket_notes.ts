/** `/api/ticket-notes` (core §7): internal notes on a ticket, listed by ticket and contact. */
import { Hono } from "hono";
import { z } from "zod";
import type { WebDeps } from "../deps.ts";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { idParam, queryIdField } from "../../lib/http/params.ts";
import { validateJson, validateQuery } from "../../lib/http/validate.ts";
import { createNote, deleteNote, listNotes } from "../../services/tickets/notes.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";

// Coerced: the list's ids come in the query string, and older clients send text in JSON.
const id = queryIdField();

export const NoteBody = z.object({
  ticketId: id,
  // The client's "Too Short!" rule, kept on the server too (core §5).
  note: z.string().trim().min(2).max(2000),
  // Sent by the original's clients; the note always goes to the ticket's own contact.
  contactId: id.optional(),
});

export const ListQuery = z.object({ ticketId: id, contactId: id.optional() });

export function ticketNoteRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get("/list", async (c) => {
    const auth = requireAuth(c);
    return c.json(await listNotes(deps.db, auth, validateQuery(c, ListQuery)));
  });

  routes.post("/", async (c) => {
    const auth = requireAuth(c);
    const body = await validateJson(c, NoteBody);
    return c.json(await createNote(deps.db, auth, body), 201);
  });

  routes.delete("/:id{[0-9]+}", async (c) => {
    const auth = requireAuth(c);
    await deleteNote(deps.db, auth, idParam(c, "id", "ERR_NO_NOTE_FOUND"));
    return c.json({ message: "Note deleted" });
  });

  return routes;
}

export const ticketNoteDocs: RouteDocs = {
  "GET /list": { summary: "A ticket's notes", query: ListQuery },
  "POST /": { summary: "Write a note on a ticket", body: NoteBody },
  "DELETE /:id{[0-9]+}": { summary: "Delete a note" },
};
