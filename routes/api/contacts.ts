/**
 * `/api/contacts` (core §7 "Contacts", admin §2 import and export). Any signed-in user may
 * list, read, create and edit the company's contacts; deleting needs the
 * `contacts-page:deleteContact` permission; importing and exporting the whole address book
 * are for admins (a contact import without that check was a hole in the product we replace),
 * and so is reading the phone's address book. The contact panel beside a conversation reads
 * the contact's tickets and sets the contact's tags here too (issue 23 item 1).
 */
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { AppError } from "../../lib/http/errors.ts";
import { pageNumberField } from "../../lib/http/list_query.ts";
import { idParam, MAX_INTEGER_ID, queryIdField } from "../../lib/http/params.ts";
import {
  dayField,
  readJson,
  validate,
  validateJson,
  validateQuery,
} from "../../lib/http/validate.ts";
import { readSpreadsheet } from "../../lib/spreadsheet/read.ts";
import {
  createContact,
  deleteContact,
  showContact,
  updateContact,
} from "../../services/contacts/contacts.ts";
import type { WebDeps } from "../deps.ts";
import { exportContactsCsv } from "../../services/contacts/export.ts";
import { contactRowsOf, type RawContactRow } from "../../services/contacts/import/columns.ts";
import { importContacts } from "../../services/contacts/import/import.ts";
import { MAX_IMPORT_ROWS, previewImport } from "../../services/contacts/import/preview.ts";
import { listContactOptions, listContacts } from "../../services/contacts/list.ts";
import { readPhoneBook } from "../../services/contacts/phone_book.ts";
import { setContactTags } from "../../services/contacts/contact_tags.ts";
import { listContactTickets } from "../../services/tickets/contact_tickets.ts";
import { TagIdsField } from "./tags.ts";
import { requireAdmin, requirePermission } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { ADMIN } from "./openapi/phrases.ts";

/** An import file: 5 MiB holds far more than the 20,000 rows an import may have. */
export const IMPORT_FILE_LIMIT_BYTES = 5 * 1024 * 1024;

const emailFormat = z.email();
const Name = z.string().trim().min(1).min(2).max(50);
const PhoneNumber = z.string().trim().min(1).min(8).max(50);
const Email = z.string().trim().max(254)
  .refine((value) => value === "" || emailFormat.safeParse(value).success, "ERR_INVALID_EMAIL");
const ExtraInfo = z.array(z.object({
  id: z.number().int().positive().max(MAX_INTEGER_ID).optional(),
  name: z.string().trim().min(1).max(100),
  value: z.string().max(2000).default(""),
})).max(50);

export const CreateBody = z.object({
  name: Name,
  number: PhoneNumber,
  email: Email.default(""),
  extraInfo: ExtraInfo.default([]),
});
/** Fields left out stay as they are; `extraInfo`, when sent, replaces the extra fields. */
export const UpdateBody = z.object({
  name: Name.optional(),
  number: PhoneNumber.optional(),
  email: Email.optional(),
  extraInfo: ExtraInfo.optional(),
});

const blankAsMissing = (value: unknown) => (value === "" ? undefined : value);
const Day = z.preprocess(
  blankAsMissing,
  dayField().optional(),
);
export const ListQuery = z.object({
  searchParam: z.string().max(100).optional(),
  pageNumber: z.preprocess(blankAsMissing, z.coerce.number().int().min(1).max(1_000_000))
    .default(1),
  date: Day,
  dateStart: Day,
  dateEnd: Day,
  /** Only the contacts that carry this tag (the contacts page's filter). */
  tagId: z.preprocess(blankAsMissing, queryIdField().optional()),
});
export const OptionsQuery = z.object({ searchParam: z.string().max(100).optional() });
/** The contact's tickets page by keyset cursor (the panel's "more") or by page number. */
export const ContactTicketsQuery = z.object({
  cursor: z.string().max(100).optional(),
  pageNumber: pageNumberField,
});
export const ContactTagsBody = z.object({ tags: TagIdsField });

const ConnectionId = queryIdField();
/**
 * Previewed rows sent back for import, instead of the file; or, without rows, the phone's
 * address book of `whatsappId` (the default connection when absent), as the anchor's call.
 */
export const ImportBody = z.object({
  rows: z.array(z.object({
    row: z.number().int().positive().max(1_000_000).optional(),
    name: z.string().max(1000).default(""),
    number: z.string().max(100).default(""),
    email: z.string().max(1000).default(""),
  })).max(MAX_IMPORT_ROWS).optional(),
  whatsappId: ConnectionId.optional(),
});
export const PhoneBookQuery = z.object({
  whatsappId: z.preprocess(blankAsMissing, ConnectionId.optional()),
});

/** The rows of the uploaded `file` field (multipart), read as a spreadsheet (also contact lists'). */
export async function uploadedRows(c: Context<AppEnv>): Promise<RawContactRow[]> {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new AppError("ERR_IMPORT_NO_FILE", 400);
  }
  const file = form.file;
  if (!(file instanceof File)) throw new AppError("ERR_IMPORT_NO_FILE", 400);
  return contactRowsOf(await readSpreadsheet(file.name, new Uint8Array(await file.arrayBuffer())));
}

function isMultipart(c: Context<AppEnv>): boolean {
  return (c.req.header("Content-Type") ?? "").startsWith("multipart/form-data");
}

export function contactRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const fileLimit = bodyLimit({ maxSize: IMPORT_FILE_LIMIT_BYTES });

  routes.get("/", async (c) => {
    const auth = requireAuth(c);
    const query = validateQuery(c, ListQuery);
    return c.json(await listContacts(deps.db, auth.companyId, query));
  });

  routes.get("/list", async (c) => {
    const auth = requireAuth(c);
    const { searchParam } = validateQuery(c, OptionsQuery);
    return c.json(await listContactOptions(deps.db, auth.companyId, searchParam));
  });

  routes.get("/export", (c) => {
    const auth = requireAdmin(c);
    return c.body(exportContactsCsv(deps.db, auth.companyId), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="contacts.csv"',
      "Cache-Control": "no-store",
    });
  });

  routes.post("/upload", fileLimit, async (c) => {
    const auth = requireAdmin(c);
    const rows = await uploadedRows(c);
    return c.json(await previewImport(deps.db, auth.companyId, rows));
  });

  routes.get("/phone-book", async (c) => {
    const auth = requireAdmin(c);
    const { whatsappId } = validateQuery(c, PhoneBookQuery);
    const book = await readPhoneBook(deps.db, auth.companyId, whatsappId);
    return c.json({
      connection: book.connection,
      ...await previewImport(deps.db, auth.companyId, book.rows),
    });
  });

  routes.post("/import", fileLimit, async (c) => {
    const auth = requireAdmin(c);
    if (isMultipart(c)) {
      return c.json(await importContacts(deps, auth.companyId, await uploadedRows(c)));
    }
    // The original screen posts nothing at all: import the default connection's phone book.
    const body = validate(ImportBody, await readJson(c, { emptyAs: {} }));
    const rows = body.rows?.map((row, index) => ({ ...row, row: row.row ?? index + 1 })) ??
      (await readPhoneBook(deps.db, auth.companyId, body.whatsappId)).rows;
    return c.json(await importContacts(deps, auth.companyId, rows));
  });

  routes.get("/:id{[0-9]+}", async (c) => {
    const auth = requireAuth(c);
    return c.json(
      await showContact(deps, auth.companyId, idParam(c, "id", "ERR_NO_CONTACT_FOUND")),
    );
  });

  routes.post("/", async (c) => {
    const auth = requireAuth(c);
    const body = await validateJson(c, CreateBody);
    return c.json(await createContact(deps, auth.companyId, body));
  });

  routes.put("/:id{[0-9]+}", async (c) => {
    const auth = requireAuth(c);
    const id = idParam(c, "id", "ERR_NO_CONTACT_FOUND");
    const body = await validateJson(c, UpdateBody);
    return c.json(await updateContact(deps, auth.companyId, id, body));
  });

  // The contact panel beside a conversation (issue 23 item 1): the contact's tickets the
  // caller may see, and the contact's own tags.
  routes.get("/:id{[0-9]+}/tickets", async (c) => {
    const auth = requireAuth(c);
    const id = idParam(c, "id", "ERR_NO_CONTACT_FOUND");
    const page = validateQuery(c, ContactTicketsQuery);
    return c.json(await listContactTickets(deps.db, auth, id, page));
  });

  routes.put("/:id{[0-9]+}/tags", async (c) => {
    const auth = requireAuth(c);
    const id = idParam(c, "id", "ERR_NO_CONTACT_FOUND");
    const body = await validateJson(c, ContactTagsBody);
    return c.json(await setContactTags(deps, auth.companyId, id, body.tags));
  });

  routes.delete("/:id{[0-9]+}", async (c) => {
    const auth = requirePermission(c, "contacts-page:deleteContact");
    await deleteContact(deps, auth.companyId, idParam(c, "id", "ERR_NO_CONTACT_FOUND"));
    return c.body(null, 204);
  });

  return routes;
}

export const contactDocs: RouteDocs = {
  "GET /": { summary: "List contacts, a page at a time", query: ListQuery },
  "GET /list": {
    summary: "Contacts for pickers (by name or number)",
    query: OptionsQuery,
  },
  "GET /export": { summary: "Every contact as a spreadsheet" },
  "POST /upload": { summary: "Import contacts from a spreadsheet", files: ["file"] },
  "GET /phone-book": {
    summary: "The phone's own contacts, through a connection",
    query: PhoneBookQuery,
  },
  "POST /import": {
    summary: "Import the phone's contacts",
    body: ImportBody,
  },
  "GET /:id{[0-9]+}": { summary: "One contact" },
  "POST /": { summary: "Create a contact", body: CreateBody },
  "PUT /:id{[0-9]+}": { summary: "Change a contact", body: UpdateBody },
  "DELETE /:id{[0-9]+}": { summary: "Delete a contact", description: ADMIN },
  "GET /:id{[0-9]+}/tickets": {
    summary: "A contact's tickets, newest first (the ones the caller may see)",
    query: ContactTicketsQuery,
  },
  "PUT /:id{[0-9]+}/tags": {
    summary: "Replace a contact's tags",
    body: ContactTagsBody,
  },
};
