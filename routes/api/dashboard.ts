/**
 * `/api/dashboard` (core §7), for admins (`dashboard:view`): the counters and attendants
 * (`days`, or `date_from`/`date_to`), and the chart series `ticketsUsers` and `ticketsDay`
 * (the same filter; the spec's `initialDate`/`finalDate` are read as the range). A
 * `companyId` in the query is ignored: the company is always the caller's.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../lib/http/env.ts";
import { dayField, validateQuery } from "../../lib/http/validate.ts";
import {
  MAX_PERIOD_DAYS,
  type PeriodQuery,
  readDashboard,
  readTicketsByDay,
  readTicketsByUser,
} from "../../services/dashboard/mod.ts";
import type { WebDeps } from "../deps.ts";
import { requirePermission } from "./guards.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import { ADMIN } from "./openapi/phrases.ts";

export const Filter = z.object({
  days: z.coerce.number().int().min(1).max(MAX_PERIOD_DAYS).optional(),
  date_from: dayField().optional(),
  date_to: dayField().optional(),
  initialDate: dayField().optional(),
  finalDate: dayField().optional(),
}).transform((query): PeriodQuery => ({
  days: query.days,
  dateFrom: query.date_from ?? query.initialDate,
  dateTo: query.date_to ?? query.finalDate,
}));

export function dashboardRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const viewer = (c: Parameters<typeof requirePermission>[0]) => {
    const who = requirePermission(c, "dashboard:view");
    return { companyId: who.companyId, super: who.super };
  };

  routes.get("/", async (c) => {
    const who = viewer(c);
    return c.json(await readDashboard(deps, who, validateQuery(c, Filter)));
  });

  routes.get("/ticketsUsers", async (c) => {
    const who = viewer(c);
    return c.json(await readTicketsByUser(deps, who, validateQuery(c, Filter)));
  });

  routes.get("/ticketsDay", async (c) => {
    const who = viewer(c);
    return c.json(await readTicketsByDay(deps, who, validateQuery(c, Filter)));
  });

  return routes;
}

export const dashboardDocs: RouteDocs = {
  "GET /": {
    summary: "The dashboard's counters for a period (days, or date_from and date_to)",
    description: ADMIN,
    query: Filter,
  },
  "GET /ticketsUsers": {
    summary: "Tickets per attendant in a period",
    description: ADMIN,
    query: Filter,
  },
  "GET /ticketsDay": {
    summary: "Tickets per day (per hour for a single day) in a period",
    description: ADMIN,
    query: Filter,
  },
};
