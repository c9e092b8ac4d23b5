/**
 * What /subscription shows (admin §2): the plan and its limits, the due date, the trial's
 * days left, the next open invoice and the latest invoices. A company is on trial until its
 * first payment is accepted; its trial ends on its due date (sign-up sets it 3 days ahead).
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { daysUntil, isoToday } from "../accounts/subscription.ts";
import { type Invoice, listInvoices, nextOpenInvoice } from "./invoices.ts";

export interface SubscriptionOverview {
  plan: { name: string; users: number; connections: number; queues: number; value: number };
  recurrence: string;
  email: string | null;
  dueDate: string | null;
  /** Days of trial left (0 once over); null once the company has paid. */
  trialDaysLeft: number | null;
  nextInvoice: Invoice | null;
  history: Invoice[];
}

export async function subscriptionOverview(
  db: Queryable,
  companyId: number,
  now: Date,
): Promise<SubscriptionOverview> {
  const row = await db.one<{
    name: string;
    users: number;
    connections: number;
    queues: number;
    value: number;
    recurrence: string;
    email: string | null;
    due_date: string | null;
    paid_before: boolean;
  }>(sql`
    select p.name, p.users, p.connections, p.queues, p.value::float8 as value, c.recurrence,
           c.email, to_char(c.due_date, 'YYYY-MM-DD') as due_date,
           exists (select 1 from invoice_payments x where x.company_id = c.id and x.accepted)
             as paid_before
    from companies c join plans p on p.id = c.plan_id where c.id = ${companyId}`);
  const [nextInvoice, history] = await Promise.all([
    nextOpenInvoice(db, companyId),
    listInvoices(db, { companyId, super: false }, { searchParam: "", pageNumber: 1 }),
  ]);
  const trialDaysLeft = row.paid_before || !row.due_date
    ? null
    : Math.max(0, daysUntil(row.due_date, isoToday(now)));
  return {
    plan: {
      name: row.name,
      users: row.users,
      connections: row.connections,
      queues: row.queues,
      value: row.value,
    },
    recurrence: row.recurrence,
    email: row.email,
    dueDate: row.due_date,
    trialDaysLeft,
    nextInvoice,
    history: history.invoices.slice(0, 6),
  };
}
