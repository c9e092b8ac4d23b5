/**
 * `/api/plans` for the super user (admin §7): `GET /all`, the paged `GET /`, and CRUD by id;
 * `GET /all` is also public (public fields), and a company admin reads its own plan by id.
 * `GET /api/plans/list` (public, for sign-up) lives in routes/api/signup.ts; ids here match
 * digits only, so that path never reaches this router's guards.
 */
import { Hono } from "hono";
import { z } from "zod";
import { decimalText } from "../../lib/http/client_values.ts";
import type { WebDeps } from "../deps.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { ListQuery } from "../../lib/http/list_query.ts";
import { idParam } from "../../lib/http/params.ts";
import { validateJson, validateQuery } from "../../lib/http/validate.ts";
import { listPublicPlans } from "../../services/accounts/signup.ts";
import {
  createPlan,
  deletePlan,
  findPlanFor,
  listAllPlans,
  listPlansPage,
  updatePlan,
} from "../../services/plans/plans.ts";
import { NEW_PLAN_DEFAULTS } from "../../services/plans/plan_defaults.ts";
import { requireAdmin, requireSuper } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { SUPER } from "./openapi/phrases.ts";

const count = z.number().int().min(0).max(100_000);
const flag = z.boolean();

/** Every field optional and without defaults: the shape of an update. */
export const PlanFields = z.object({
  name: z.string().trim().min(1).max(100),
  users: count,
  connections: count,
  queues: count,
  // The plan form sends the price as typed: "199,9".
  value: z.preprocess(
    decimalText,
    z.number().min(0).max(1_000_000_000)
      .transform((value) => Math.round(value * 100) / 100),
  ),
  useCampaigns: flag,
  useSchedules: flag,
  useInternalChat: flag,
  useExternalApi: flag,
  useKanban: flag,
  useOpenAi: flag,
  useIntegrations: flag,
}).partial();

/** A new plan: a name is required, anything left out takes its default (admin §9). */
export const NewPlan = PlanFields.required({ name: true })
  .transform((plan) => ({ ...NEW_PLAN_DEFAULTS, ...plan }));

export function planRoutes(deps: WebDeps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();

  // The sign-up and checkout screens call it, signed in or not: they get the plans' public
  // fields (as `GET /plans/list`); the super user's plan screen gets the whole plans.
  routes.get("/all", async (c) => {
    const auth = c.get("auth");
    return c.json(auth?.super ? await listAllPlans(db) : await listPublicPlans(db));
  });

  routes.get("/", async (c) => {
    requireSuper(c);
    return c.json(await listPlansPage(db, validateQuery(c, ListQuery)));
  });

  routes.post("/", async (c) => {
    requireSuper(c);
    return c.json(await createPlan(db, await validateJson(c, NewPlan)), 201);
  });

  // A company admin reads its own plan (checkout); the super user any.
  routes.get("/:id{[0-9]+}", async (c) => {
    const auth = requireAdmin(c);
    return c.json(await findPlanFor(db, auth, idParam(c, "id", "ERR_NO_PLAN_FOUND")));
  });

  routes.put("/:id{[0-9]+}", async (c) => {
    requireSuper(c);
    const changes = await validateJson(c, PlanFields);
    return c.json(await updatePlan(db, idParam(c, "id", "ERR_NO_PLAN_FOUND"), changes));
  });

  routes.delete("/:id{[0-9]+}", async (c) => {
    requireSuper(c);
    await deletePlan(db, idParam(c, "id", "ERR_NO_PLAN_FOUND"));
    return c.body(null, 204);
  });

  return routes;
}

export const planDocs: RouteDocs = {
  "GET /all": { summary: "Every plan", description: SUPER },
  "GET /": {
    summary: "List plans, a page at a time",
    description: SUPER,
    query: ListQuery,
  },
  "POST /": { summary: "Create a plan", description: SUPER, body: NewPlan },
  "GET /:id{[0-9]+}": { summary: "One plan" },
  "PUT /:id{[0-9]+}": {
    summary: "Change a plan",
    description: SUPER,
    body: PlanFields,
  },
  "DELETE /:id{[0-9]+}": { summary: "Delete a plan", description: SUPER },
};
