/**
 * The team's pages as an admin opens them, /kanban and /chats: server time per request and the
 * JavaScript each loads, beside its budget (bench/js_budgets.ts).
 */
import type { Figure } from "../figure.ts";
import { budgetOf } from "../js_budgets.ts";
import { signedInPageFigures } from "../page_bench.ts";

export default async function teamPagesFigures(): Promise<Figure[]> {
  return [
    ...await signedInPageFigures(budgetOf("/kanban board (admin), whole app")),
    ...await signedInPageFigures(budgetOf("/chats internal chat (admin), whole app")),
  ];
}
