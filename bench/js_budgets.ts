/**
 * The JavaScript each main page may ship, gzipped, as a browser downloads it on a first visit
 * (every module the page's boot script loads, from the page's modulepreload header). The bench
 * reports each page beside its budget, and `js_budget_test.ts` fails the suite when a page
 * goes over. Budgets are the sizes of 2026-11-27 plus about 2.5 KB (/tickets 79.2 KB, home
 * 46.6, dashboard 54.4, /kanban 48.8, /chats 53.1): a page that grows says so here. DESIGN
 * §10 caps /tickets at 100 KB; issue 38 brings it under 70 once its dialogs load on demand.
 */
import type { Hono } from "hono";
import type { AppEnv } from "../lib/http/env.ts";
import { type Db, sql } from "../lib/db/mod.ts";
import { scriptSizes } from "./figure.ts";

export interface PageBudget {
  path: string;
  /** How the bench names the page. */
  label: string;
  budgetKb: number;
  /** Fills the admin's company first, so the page shows what it shows at work. */
  seed?: (db: Db, companyId: number) => Promise<void>;
}

export const PAGE_BUDGETS: PageBudget[] = [
  {
    path: "/tickets",
    label: "/tickets ticket screen (admin), whole app",
    budgetKb: 82,
    seed: seedTicketScreen,
  },
  { path: "/", label: "/ signed-in home in the shell (admin), whole app", budgetKb: 48 },
  {
    path: "/",
    label: "/ admin dashboard, whole app",
    budgetKb: 57,
    seed: seedReadyCompany,
  },
  { path: "/kanban", label: "/kanban board (admin), whole app", budgetKb: 51 },
  { path: "/chats", label: "/chats internal chat (admin), whole app", budgetKb: 55 },
];

export function budgetOf(label: string): PageBudget {
  const budget = PAGE_BUDGETS.find((page) => page.label === label);
  if (!budget) throw new Error(`bench/js_budgets.ts has no page labelled "${label}"`);
  return budget;
}

/** The modules a page loads: raw and gzipped bytes, summed. */
export async function pageScriptBytes(
  app: Hono<AppEnv>,
  path: string,
  cookie: string,
): Promise<{ raw: number; gzipped: number }> {
  const res = await app.request(path, { headers: { "Accept-Language": "pt-BR", Cookie: cookie } });
  await res.text();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  const link = res.headers.get("Link") ?? "";
  const hrefs = [...link.matchAll(/<([^>]+)>/g)].map((m) => m[1]!);
  return await scriptSizes(await Promise.all(hrefs.map((href) => Deno.readFile(`.${href}`))));
}

/** The ticket screen's pickers read 20 queues, 40 tags and 5 connections. */
async function seedTicketScreen(db: Db, companyId: number): Promise<void> {
  await db.run(sql`insert into queues (company_id, name, color)
    select ${companyId}, 'Fila ' || n, '#' || lpad(to_hex(n * 40000), 6, '0')
    from generate_series(1, 20) n`);
  await db.run(sql`insert into tags (company_id, name, color)
    select ${companyId}, 'Tag ' || n, '#22aa66' from generate_series(1, 40) n`);
  await db.run(sql`insert into whatsapps (company_id, name, provider, token)
    select ${companyId}, 'Conexão ' || n, 'sandbox', md5(n::text) from generate_series(1, 5) n`);
}

/** Ready (services/dashboard/readiness.ts): a paired number, a queue, a ticket taken up. */
async function seedReadyCompany(db: Db, companyId: number): Promise<void> {
  await db.run(sql`insert into whatsapps (company_id, name, status, token)
    values (${companyId}, 'Loja', 'CONNECTED', 'bench-token-0123456789')`);
  await db.run(
    sql`insert into queues (company_id, name, color) values (${companyId}, 'Vendas', '#0a0')`,
  );
  const contact = await db.one<{ id: number }>(sql`insert into contacts (company_id, name, number)
    values (${companyId}, 'Cliente', '5511900000001') returning id`);
  const ticket = await db.one<{ id: number }>(sql`insert into tickets (company_id, contact_id)
    values (${companyId}, ${contact.id}) returning id`);
  await db.run(sql`insert into ticket_tracking (company_id, ticket_id, created_at, accepted_at)
    values (${companyId}, ${ticket.id}, now(), now())`);
}
