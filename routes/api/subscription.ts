/**
 * `/api/subscription` (admin §7): `POST /` is the checkout's final step, a Pix charge for one
 * of the company's open invoices (the amount is the invoice's, never the browser's); the
 * address fields of the wizard are checked (admin §5) and the card fields ignored, as Pix needs
 * none. `POST /webhook/{secret}` (and `…/pix`, which Efí appends) takes the provider's
 * notifications: without the installation's secret in the path it is refused, and what it
 * says is read back from the provider before anything is paid (services/billing/webhook.ts).
 */
import { Hono } from "hono";
import { z } from "zod";
import type { WebDeps } from "../deps.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { AppError } from "../../lib/http/errors.ts";
import { idField } from "../../lib/http/params.ts";
import { readJson, validateJson } from "../../lib/http/validate.ts";
import { checkout } from "../../services/billing/checkout.ts";
import { handlePixNotification } from "../../services/billing/webhook.ts";
import { sameSecret } from "../../services/billing/secret.ts";
import { requireAdmin } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { ADMIN } from "./openapi/phrases.ts";

const required = (code: string) => z.string(code).trim().min(1, code).max(200);

/** The wizard's Data step (admin §5); the rest of its fields are accepted and not used. */
export const CheckoutBody = z.object({
  invoiceId: idField("ERR_NO_INVOICE_FOUND"),
  firstName: required("ERR_CHECKOUT_NAME_REQUIRED"),
  address2: required("ERR_CHECKOUT_ADDRESS_REQUIRED"),
  city: required("ERR_CHECKOUT_CITY_REQUIRED"),
  zipcode: required("ERR_CHECKOUT_ZIPCODE_REQUIRED"),
  country: z.enum(["BR", "usa"], "ERR_CHECKOUT_COUNTRY_REQUIRED"),
});

export function subscriptionRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post("/", async (c) => {
    const auth = requireAdmin(c);
    const body = await validateJson(c, CheckoutBody);
    return c.json(await checkout(deps, deps.pix, auth.companyId, body.invoiceId));
  });

  const webhook = async (c: import("hono").Context<AppEnv>) => {
    const provider = deps.pix;
    const secret = deps.pixWebhookSecret;
    if (!provider || provider.name === "static" || !secret) {
      throw new AppError("ERR_NOT_FOUND", 404);
    }
    if (!sameSecret(c.req.param("secret") ?? "", secret)) {
      throw new AppError("ERR_WEBHOOK_FORBIDDEN", 401);
    }
    const body = await readJson(c, { emptyAs: {} });
    // The provider's check when the webhook is registered.
    if ((body as { evento?: unknown } | null)?.evento === "teste_webhook") {
      return c.json({ ok: true });
    }
    await handlePixNotification(deps, provider, body);
    return c.json({ ok: true });
  };
  routes.post("/webhook/:secret", webhook);
  routes.post("/webhook/:secret/pix", webhook);

  return routes;
}

export const subscriptionDocs: RouteDocs = {
  "POST /": {
    summary: "Pay an invoice (Pix checkout)",
    description: ADMIN,
    body: CheckoutBody,
  },
  "POST /webhook/:secret": {
    summary: "The payment provider's notice",
    access: "public",
  },
  "POST /webhook/:secret/pix": {
    summary: "The payment provider's notice (Pix)",
    access: "public",
  },
};
