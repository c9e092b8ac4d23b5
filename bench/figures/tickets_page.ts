/**
 * The ticket screen (`/tickets`) as an admin of a busy company opens it (DESIGN §9: server
 * time p50 < 50 ms; JavaScript within its budget, bench/js_budgets.ts): the page's pickers
 * read 20 queues, 40 tags, the users with their queues and 5 connections; the lists themselves
 * load through the API.
 */
import type { Figure } from "../figure.ts";
import { budgetOf } from "../js_budgets.ts";
import { signedInPageFigures } from "../page_bench.ts";

export default function ticketsPageFigures(): Promise<Figure[]> {
  return signedInPageFigures(budgetOf("/tickets ticket screen (admin), whole app"));
}
