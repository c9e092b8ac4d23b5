/**
 * The public side of accounts (core §7, admin §7): `GET /plans/list` for the sign-up page's
 * plan picker and `POST /companies/cadastro`, the self sign-up. Neither needs a session.
 *
 * Mounted before the super user's `/plans` and `/companies` routes, so `/plans/list` is
 * answered here rather than taken for a plan id.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { WebDeps } from "../deps.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { clientIp } from "../../lib/http/client_ip.ts";
import { RateLimiter } from "../../lib/http/rate_limit.ts";
import { validateJson } from "../../lib/http/validate.ts";
import {
  checkEmail,
  checkName,
  checkPassword,
  checkPhone,
  INVALID_PHONE,
  phoneDigits,
  PLAN_REQUIRED,
} from "../../services/accounts/account_rules.ts";
import { listPublicPlans, signUpCompany } from "../../services/accounts/signup.ts";
import { ruledString, ruleIssue } from "./_account_fields.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";

export const signupBody = z.object({
  name: ruledString(checkName).transform((s) => s.trim()),
  email: ruledString(checkEmail).transform((s) => s.trim().toLowerCase()),
  // Optional; the page sends digits only, older clients the masked text.
  phone: z.string({ error: INVALID_PHONE.code }).nullish()
    .superRefine((value, ctx) => {
      const error = value ? checkPhone(value) : null;
      if (error) ctx.addIssue(ruleIssue(error));
    })
    .transform((value) => (value ? phoneDigits(value) ?? "" : "")),
  password: ruledString(checkPassword),
  planId: z.union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], {
    error: PLAN_REQUIRED.code,
  }).superRefine((id, ctx) => {
    if (!Number.isInteger(id) || id < 1) ctx.addIssue(ruleIssue(PLAN_REQUIRED));
  }),
  // Older clients send these; the server decides them (see services/accounts/signup.ts),
  // so they are accepted and ignored rather than refused.
  recurrence: z.unknown().optional(),
  dueDate: z.unknown().optional(),
  status: z.unknown().optional(),
  campaignsEnabled: z.unknown().optional(),
});

export function signupRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // Sign-ups are rare; a burst from one address is a script creating companies or probing
  // which e-mails have accounts (ERR_EMAIL_TAKEN answers that, as it must for the form).
  const perIp = new RateLimiter(10, 60 * 60_000);

  routes.get("/plans/list", async (c) => c.json(await listPublicPlans(deps.db)));

  routes.post("/companies/cadastro", async (c) => {
    perIp.hit(clientIp(c));
    const body = await validateJson(c, signupBody);
    const company = await signUpCompany(deps.db, {
      name: body.name,
      email: body.email,
      phone: body.phone,
      password: body.password,
      planId: body.planId,
    }, deps.clock.now());
    return c.json(company, 201);
  });

  return routes;
}

export const signupDocs: RouteDocs = {
  "GET /plans/list": { tag: "signup", summary: "Plans offered at sign-up", access: "public" },
  "POST /companies/cadastro": {
    tag: "signup",
    summary: "Sign up a new company",
    access: "public",
    body: signupBody,
  },
};
