/**
 * `/api/invoices` (admin §7): `GET /all` is the caller's company's invoices (every company's
 * for the super user), paged with `searchParam` and `pageNumber`; `GET /{id}` one of them (the
 * checkout shows it); `PUT /{id}` is the super user marking one paid by hand, with a reason
 * that is kept with the payment record (answered with the company's new `companyDueDate`).
 */
import { Hono } from "hono";
import { z } from "zod";
import type { WebDeps } from "../deps.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { ListQuery } from "../../lib/http/list_query.ts";
import { idParam } from "../../lib/http/params.ts";
import { validateJson, validateQuery } from "../../lib/http/validate.ts";
import { findInvoice, listInvoices } from "../../services/billing/invoices.ts";
import { markPaidByHand } from "../../services/billing/payments.ts";
import { requireAdmin, requireSuper } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { SUPER } from "./openapi/phrases.ts";

export const MarkPaid = z.object({
  status: z.literal("paid", "ERR_INVOICE_STATUS_PAID_ONLY"),
  reason: z.string("ERR_PAYMENT_REASON_REQUIRED").trim()
    .min(3, "ERR_PAYMENT_REASON_REQUIRED").max(500),
});

export function invoiceRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // The company's invoices are for its admins, as the /financeiro page is (core §2).
  routes.get("/all", async (c) => {
    const auth = requireAdmin(c);
    return c.json(await listInvoices(deps.db, auth, validateQuery(c, ListQuery)));
  });

  routes.get("/:id{[0-9]+}", async (c) => {
    const auth = requireAdmin(c);
    return c.json(await findInvoice(deps.db, auth, idParam(c, "id", "ERR_NO_INVOICE_FOUND")));
  });

  routes.put("/:id{[0-9]+}", async (c) => {
    const auth = requireSuper(c);
    const id = idParam(c, "id", "ERR_NO_INVOICE_FOUND");
    const { reason } = await validateJson(c, MarkPaid);
    const { dueDate } = await markPaidByHand(deps, id, { userId: auth.userId, reason });
    // The company's new due date rides along, for the super user's confirmation.
    return c.json({ ...await findInvoice(deps.db, auth, id), companyDueDate: dueDate });
  });

  return routes;
}

export const invoiceDocs: RouteDocs = {
  "GET /all": {
    summary: "The company's invoices (every company's for the super user)",
    query: ListQuery,
  },
  "GET /:id{[0-9]+}": { summary: "One invoice" },
  "PUT /:id{[0-9]+}": {
    summary: "Mark an invoice paid by hand",
    description: SUPER,
    body: MarkPaid,
  },
};
