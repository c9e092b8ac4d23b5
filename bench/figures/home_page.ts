/**
 * The signed-in home (`/`) inside the app shell, as an admin sees it: server time per request
 * (session check, plan, overview queries, render), and the JavaScript the page loads.
 */
import type { Figure } from "../figure.ts";
import { budgetOf } from "../js_budgets.ts";
import { signedInPageFigures } from "../page_bench.ts";

export default function homePageFigures(): Promise<Figure[]> {
  return signedInPageFigures(budgetOf("/ signed-in home in the shell (admin), whole app"));
}
