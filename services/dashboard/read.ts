/**
 * What the dashboard's routes call: the period from the caller's query and the business
 * clock, the company from the caller, and the platform counters for the super user only.
 */
import type { ServiceDeps } from "../deps.ts";
import { type TicketsByDay, ticketsByDay, type TicketsByUser, ticketsByUser } from "./charts.ts";
import { type Dashboard, dashboardOf } from "./counters.ts";
import { periodOf, type PeriodQuery } from "./period.ts";

export interface DashboardViewer {
  companyId: number;
  super: boolean;
}

type Deps = Pick<ServiceDeps, "db" | "clock">;

export function readDashboard(
  deps: Deps,
  viewer: DashboardViewer,
  query: PeriodQuery,
): Promise<Dashboard> {
  const period = periodOf(query, deps.clock.now());
  return dashboardOf(deps.db, viewer.companyId, period, viewer.super);
}

export function readTicketsByUser(
  deps: Deps,
  viewer: DashboardViewer,
  query: PeriodQuery,
): Promise<TicketsByUser> {
  return ticketsByUser(deps.db, viewer.companyId, periodOf(query, deps.clock.now()));
}

export function readTicketsByDay(
  deps: Deps,
  viewer: DashboardViewer,
  query: PeriodQuery,
): Promise<TicketsByDay> {
  return ticketsByDay(deps.db, viewer.companyId, periodOf(query, deps.clock.now()));
}
