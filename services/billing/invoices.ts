/**
 * Invoices (admin §2–§4): one per company and due date, made by the hourly sweep from the
 * company's plan and recurrence on the server, listed on /financeiro. A company sees its own;
 * the super user sees every company's (the platform's billing view).
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { containsPattern, pageClause, pageOf } from "../../lib/db/paging.ts";
import { AppError } from "../../lib/http/errors.ts";
import { isoToday } from "../accounts/subscription.ts";
import { RECURRENCE_MONTHS } from "../companies/due_date.ts";
import { INVOICE_LEAD_DAYS } from "./periods.ts";

export type InvoiceStatus = "open" | "paid";

export interface Invoice {
  id: number;
  companyId: number;
  /** Shown to the super user, who sees every company's invoices. */
  companyName: string;
  detail: string;
  value: number;
  dueDate: string;
  recurrence: string;
  status: InvoiceStatus;
  paidAt: string | null;
  createdAt: string;
}

/** Who is looking: a company's own invoices, or every company's for the super user. */
export interface InvoiceViewer {
  companyId: number;
  super: boolean;
}

const INVOICE_COLUMNS = sql`
  i.id, i.company_id as "companyId", c.name as "companyName", i.detail,
  i.value::float8 as value, to_char(i.due_date, 'YYYY-MM-DD') as "dueDate", i.recurrence,
  i.status, i.paid_at as "paidAt", i.created_at as "createdAt"`;

/** Months of each recurrence as a SQL table, so the price is computed where it is stored. */
function recurrenceMonths() {
  const rows = Object.entries(RECURRENCE_MONTHS).map(([name, months]) =>
    sql`(${name}::text, ${months}::int)`
  );
  return sql`(values ${sql.join(rows)}) as r (recurrence, months)`;
}

/**
 * Makes the missing invoice of every active company due within `INVOICE_LEAD_DAYS` (overdue
 * ones included), priced from its plan now. Safe to run anywhere at any time: the unique
 * (company, due date) lets one row land however many runners race. Answers the new ids.
 */
export async function generateDueInvoices(db: Queryable, now: Date): Promise<number[]> {
  const today = isoToday(now);
  const rows = await db.query<{ id: number }>(sql`
    insert into invoices (company_id, due_date, detail, value, recurrence)
    select c.id, c.due_date, p.name, round(p.value * r.months, 2), c.recurrence
    from companies c
    join plans p on p.id = c.plan_id
    join ${recurrenceMonths()} on r.recurrence = c.recurrence
    where c.status and c.due_date is not null
      and c.due_date <= ${today}::date + ${INVOICE_LEAD_DAYS}::int
    on conflict (company_id, due_date) do nothing
    returning id`);
  return rows.map((row) => row.id);
}

function scopeOf(viewer: InvoiceViewer) {
  return viewer.super ? sql`true` : sql`i.company_id = ${viewer.companyId}`;
}

/** A page of invoices, latest due date first; the search matches the id, detail or company. */
export async function listInvoices(
  db: Queryable,
  viewer: InvoiceViewer,
  query: { searchParam: string; pageNumber: number },
): Promise<{ invoices: Invoice[]; hasMore: boolean }> {
  const term = query.searchParam;
  const pattern = containsPattern(term);
  const byId = /^\d{1,9}$/.test(term) ? sql`or i.id = ${Number(term)}` : sql.empty;
  const search = term
    ? sql`and (lower(i.detail) like ${pattern} or i.status like ${pattern} ${byId}
              ${viewer.super ? sql`or lower(c.name) like ${pattern}` : sql.empty})`
    : sql.empty;
  const rows = await db.query<Invoice>(sql`
    select ${INVOICE_COLUMNS}
    from invoices i join companies c on c.id = i.company_id
    where ${scopeOf(viewer)} ${search}
    order by i.due_date desc, i.id desc ${pageClause(query.pageNumber)}`);
  const page = pageOf(rows);
  return { invoices: page.rows, hasMore: page.hasMore };
}

/** One invoice the viewer may see, else 404 (another company's invoice does not exist). */
export async function findInvoice(
  db: Queryable,
  viewer: InvoiceViewer,
  id: number,
): Promise<Invoice> {
  const invoice = await db.maybeOne<Invoice>(sql`
    select ${INVOICE_COLUMNS}
    from invoices i join companies c on c.id = i.company_id
    where i.id = ${id} and ${scopeOf(viewer)}`);
  if (!invoice) throw new AppError("ERR_NO_INVOICE_FOUND", 404);
  return invoice;
}

/** The company's open invoice due first: what /subscription offers to pay next. */
export async function nextOpenInvoice(db: Queryable, companyId: number): Promise<Invoice | null> {
  return await db.maybeOne<Invoice>(sql`
    select ${INVOICE_COLUMNS}
    from invoices i join companies c on c.id = i.company_id
    where i.company_id = ${companyId} and i.status = 'open'
    order by i.due_date, i.id limit 1`) ?? null;
}
