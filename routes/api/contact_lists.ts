/**
 * `/api/contact-lists` and `/api/contact-list-items` (admin §7 "Contact lists", "Contact list
 * items"), with the spreadsheet upload into a list. Campaign admins only (services/campaigns/
 * access.ts); the company is always the caller's.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { AppError } from "../../lib/http/errors.ts";
import { ListQuery, pageNumberField } from "../../lib/http/list_query.ts";
import { idField, idParam, queryIdField } from "../../lib/http/params.ts";
import { validate, validateJson, validateQuery } from "../../lib/http/validate.ts";
import type { WebDeps } from "../deps.ts";
import {
  allContactLists,
  createContactList,
  deleteContactList,
  listContactLists,
  showContactList,
  updateContactList,
} from "../../services/contact_lists/lists.ts";
import {
  createItem,
  deleteItem,
  listItems,
  showItem,
  updateItem,
} from "../../services/contact_lists/items.ts";
import { importIntoList } from "../../services/contact_lists/import.ts";
import { uploadedRows } from "./contacts.ts";
import { requireCampaigns } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";

/** 50,000 rows of name, number and e-mail fit well within this. */
const LIST_FILE_LIMIT_BYTES = 10 * 1024 * 1024;

export const ListBody = z.object({ name: z.string().trim().min(2).max(50) });
export const ItemFields = z.object({
  name: z.string().trim().min(2).max(50),
  number: z.string().trim().min(8).max(50),
  email: z.union([z.literal(""), z.email()]).default(""),
});
export const ItemBody = ItemFields.extend({ contactListId: idField("ERR_NO_CONTACT_LIST_FOUND") });
export const ItemsQuery = z.object({
  searchParam: z.string().trim().max(200).optional().default(""),
  pageNumber: pageNumberField.transform((page) => page ?? 1),
  contactListId: queryIdField("ERR_NO_CONTACT_LIST_FOUND").optional(),
});
export const UploadFields = z.object({
  whatsappId: z.preprocess((v) => v === "" ? undefined : v, queryIdField().optional()),
});

export function contactListRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use("*", requireCampaigns(deps.db));
  const company = (c: Parameters<typeof requireAuth>[0]) => requireAuth(c).companyId;
  const listId = (c: Parameters<typeof idParam>[0]) =>
    idParam(c, "id", "ERR_NO_CONTACT_LIST_FOUND");

  routes.get("/", async (c) => {
    return c.json(await listContactLists(deps.db, company(c), validateQuery(c, ListQuery)));
  });
  routes.get("/list", async (c) => c.json(await allContactLists(deps.db, company(c))));
  routes.get("/:id{[0-9]+}", async (c) => {
    return c.json(await showContactList(deps.db, company(c), listId(c)));
  });
  routes.post("/", async (c) => {
    return c.json(await createContactList(deps, company(c), await validateJson(c, ListBody)));
  });
  routes.put("/:id{[0-9]+}", async (c) => {
    const id = listId(c);
    return c.json(await updateContactList(deps, company(c), id, await validateJson(c, ListBody)));
  });
  routes.delete("/:id{[0-9]+}", async (c) => {
    await deleteContactList(deps, company(c), listId(c));
    return c.body(null, 204);
  });
  routes.post(
    "/:id{[0-9]+}/upload",
    bodyLimit({
      maxSize: LIST_FILE_LIMIT_BYTES,
      onError: () => {
        throw new AppError("ERR_PAYLOAD_TOO_LARGE", 413);
      },
    }),
    async (c) => {
      const id = listId(c);
      const companyId = company(c);
      // The list first: another company's id is a 404 before the file is read.
      await showContactList(deps.db, companyId, id);
      const rows = await uploadedRows(c);
      const form = await c.req.parseBody();
      const { whatsappId } = validate(UploadFields, { whatsappId: form.whatsappId ?? undefined });
      return c.json(await importIntoList(deps, companyId, id, rows, { whatsappId }));
    },
  );
  return routes;
}

export function contactListItemRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use("*", requireCampaigns(deps.db));
  const company = (c: Parameters<typeof requireAuth>[0]) => requireAuth(c).companyId;
  const itemId = (c: Parameters<typeof idParam>[0]) =>
    idParam(c, "id", "ERR_NO_CONTACT_LIST_ITEM_FOUND");

  routes.get("/", async (c) => {
    return c.json(await listItems(deps.db, company(c), validateQuery(c, ItemsQuery)));
  });
  routes.get("/:id{[0-9]+}", async (c) => c.json(await showItem(deps.db, company(c), itemId(c))));
  routes.post("/", async (c) => {
    return c.json(await createItem(deps, company(c), await validateJson(c, ItemBody)));
  });
  routes.put("/:id{[0-9]+}", async (c) => {
    const id = itemId(c);
    const body = await validateJson(c, ItemFields.partial());
    return c.json(await updateItem(deps, company(c), id, body));
  });
  routes.delete("/:id{[0-9]+}", async (c) => {
    await deleteItem(deps, company(c), itemId(c));
    return c.body(null, 204);
  });
  return routes;
}

export const contactListDocs: RouteDocs = {
  "GET /": { summary: "List contact lists, a page at a time", query: ListQuery },
  "GET /list": { summary: "Every contact list" },
  "GET /:id{[0-9]+}": { summary: "One contact list" },
  "POST /": { summary: "Create a contact list", body: ListBody },
  "PUT /:id{[0-9]+}": {
    summary: "Rename a contact list",
    body: ListBody,
  },
  "DELETE /:id{[0-9]+}": { summary: "Delete a contact list" },
  "POST /:id{[0-9]+}/upload": {
    summary: "Add a spreadsheet's numbers to a contact list",
    body: UploadFields,
    files: ["file"],
  },
};

export const contactListItemDocs: RouteDocs = {
  "GET /": {
    summary: "A contact list's entries",
    query: ItemsQuery,
  },
  "GET /:id{[0-9]+}": { summary: "One contact list entry" },
  "POST /": {
    summary: "Add an entry to a contact list",
    body: ItemBody,
  },
  "PUT /:id{[0-9]+}": {
    summary: "Change a contact list entry",
    body: ItemFields.partial(),
  },
  "DELETE /:id{[0-9]+}": { summary: "Remove a contact list entry" },
};
