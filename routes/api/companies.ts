/**
 * `/api/companies` (admin §7). The super user's platform endpoints, which name any company
 * by id on purpose, plus three a company uses about itself:
 * - `GET /listPlan/{id}`: the plan flags of the caller's own company (any company for the
 *   super user);
 * - `GET /{id}`: the caller's own company for its admins (its opening hours, mainly);
 * - `PUT /{id}/schedules`: its opening hours, by its own admins only.
 * Another company's id answers 404 there, as if it did not exist. `POST /cadastro` (public
 * sign-up) lives in routes/api/signup.ts; ids here match digits only.
 */
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { WebDeps } from "../deps.ts";
import { type Principal, requireAuth } from "../../lib/http/auth.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { idField, idParam } from "../../lib/http/params.ts";
import { AppError } from "../../lib/http/errors.ts";
import { ListQuery } from "../../lib/http/list_query.ts";
import { validateJson, validateQuery } from "../../lib/http/validate.ts";
import {
  findCompany,
  findCompanyPlan,
  listAllCompanies,
  listCompaniesPage,
} from "../../services/companies/companies.ts";
import {
  createCompany,
  deleteCompany,
  saveCompanySchedules,
  updateCompany,
} from "../../services/companies/company_writes.ts";
import { normalizeDueDate, RECURRENCES } from "../../services/companies/due_date.ts";
import { OpeningHours } from "../../services/companies/opening_hours.ts";
import { billingFieldsOf } from "../../services/companies/billing_fields.ts";
import { createT } from "../../lib/i18n/mod.ts";
import { requestLanguage } from "./_account_fields.ts";
import { requireAdmin, requireSuper } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { ADMIN, SUPER } from "./openapi/phrases.ts";

/** Optional free text: blank becomes null. */
function optionalText(max: number) {
  return z.string().trim().max(max).nullish()
    .transform((text) => (text ? text : null));
}

export const CompanyFields = z.object({
  name: z.string().trim().min(1).max(100),
  email: z.string().trim().toLowerCase().max(200).email(),
  // Digits, spaces and + ( ) - only.
  phone: optionalText(30).refine((phone) => phone === null || /^[0-9+()\-.\s]+$/.test(phone)),
  planId: idField(),
  status: z.boolean(),
  // An empty or invalid due date becomes null (admin §4).
  dueDate: z.unknown().transform(normalizeDueDate),
  recurrence: z.enum(RECURRENCES),
  campaignsEnabled: z.boolean(),
  billingName: optionalText(200),
  addressZipCode: optionalText(20),
  addressStreet: optionalText(200),
  addressState: optionalText(100),
  addressCity: optionalText(100),
  addressDistrict: optionalText(100),
}).partial();

/**
 * A new company: name, e-mail and plan are required. The first admin's password is optional:
 * the original form sends none, and then the server generates one and e-mails it.
 */
export const NewCompany = CompanyFields.extend({
  password: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.string().min(5).max(50).optional(),
  ),
}).required({ name: true, email: true, planId: true }).transform((company) => ({
  phone: null,
  dueDate: null,
  ...billingFieldsOf(() => null),
  ...company,
  // The company form's defaults (admin §9).
  status: company.status ?? true,
  recurrence: company.recurrence ?? "MENSAL",
  campaignsEnabled: company.campaignsEnabled ?? false,
}));

export const SchedulesBody = z.object({ schedules: OpeningHours });

function companyIdParam(c: Context<AppEnv>, name = "id"): number {
  return idParam(c, name, "ERR_NO_COMPANY_FOUND");
}

/** The caller's own company, or the super user on any: anything else does not exist. */
function assertOwnOrSuper(auth: Principal, companyId: number): void {
  if (!auth.super && auth.companyId !== companyId) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
}

/** `hub`: blocking, expiring or deleting a company closes its open sockets. */
export function companyRoutes(deps: WebDeps): Hono<AppEnv> {
  const { db, hub } = deps;
  const routes = new Hono<AppEnv>();

  routes.get("/", async (c) => {
    requireSuper(c);
    return c.json(await listCompaniesPage(db, validateQuery(c, ListQuery)));
  });

  routes.get("/list", async (c) => {
    requireSuper(c);
    return c.json(await listAllCompanies(db));
  });

  routes.get("/listPlan/:companyId{[0-9]+}", async (c) => {
    const auth = requireAuth(c);
    const companyId = companyIdParam(c, "companyId");
    assertOwnOrSuper(auth, companyId);
    return c.json(await findCompanyPlan(db, companyId));
  });

  routes.post("/", async (c) => {
    requireSuper(c);
    const input = await validateJson(c, NewCompany);
    return c.json(await createCompany(deps, input, createT(requestLanguage(c))), 201);
  });

  routes.get("/:id{[0-9]+}", async (c) => {
    const auth = requireAdmin(c);
    assertOwnOrSuper(auth, companyIdParam(c));
    return c.json(await findCompany(db, companyIdParam(c)));
  });

  routes.put("/:id{[0-9]+}", async (c) => {
    requireSuper(c);
    const changes = await validateJson(c, CompanyFields);
    return c.json(await updateCompany(db, companyIdParam(c), changes, hub));
  });

  routes.delete("/:id{[0-9]+}", async (c) => {
    requireSuper(c);
    await deleteCompany(db, companyIdParam(c), hub);
    return c.body(null, 204);
  });

  // Only the company's own admins, the super user included for their own company: the
  // original let anyone signed in rewrite any company's hours.
  routes.put("/:id{[0-9]+}/schedules", async (c) => {
    const auth = requireAdmin(c);
    if (auth.companyId !== companyIdParam(c)) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
    const { schedules } = await validateJson(c, SchedulesBody);
    return c.json(await saveCompanySchedules(db, auth.companyId, schedules));
  });

  return routes;
}

export const companyDocs: RouteDocs = {
  "GET /": {
    summary: "List companies, a page at a time",
    description: SUPER,
    query: ListQuery,
  },
  "GET /list": { summary: "Every company", description: SUPER },
  "GET /listPlan/:companyId{[0-9]+}": { summary: "A company with its plan" },
  "POST /": {
    summary: "Create a company",
    description: SUPER,
    body: NewCompany,
  },
  "GET /:id{[0-9]+}": { summary: "One company" },
  "PUT /:id{[0-9]+}": {
    summary: "Change a company",
    description: SUPER,
    body: CompanyFields,
  },
  "DELETE /:id{[0-9]+}": {
    summary: "Delete a company and all its data",
    description: SUPER,
  },
  "PUT /:id{[0-9]+}/schedules": {
    summary: "Set the company's opening hours",
    description: ADMIN,
    body: SchedulesBody,
  },
};
