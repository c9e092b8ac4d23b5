/**
 * Payment confirmation (admin §4): a provider's notification or the super user by hand. One
 * transaction locks the invoice and its company, records the confirmation, and, when it is
 * accepted, marks the invoice paid and moves the company's due date by one recurrence from
 * the later of the old due date and today. Redeliveries change nothing: a Pix transfer is
 * recorded once (its end-to-end id is unique) and an invoice is paid once (a partial unique
 * index on accepted confirmations), so the due date moves exactly once whatever races.
 * A short or wrong amount is recorded and not accepted.
 */
import { type Db, type Queryable, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { channels, rooms } from "../../lib/realtime/channels.ts";
import type { ServiceDeps } from "../deps.ts";
import type { Recurrence } from "../companies/due_date.ts";
import { extendedDueDate } from "./periods.ts";

export type Confirmation =
  | { source: "provider"; txid: string; endToEndId: string; amount: number }
  | { source: "manual"; userId: number; reason: string };

export type ConfirmationOutcome =
  /** The invoice is now paid and the company's due date moved to `dueDate`. */
  | { outcome: "paid"; companyId: number; dueDate: string }
  /** This transfer was already recorded: nothing changed. */
  | { outcome: "duplicate" }
  /** Recorded and not accepted: wrong amount, or the invoice was already paid. */
  | { outcome: "rejected"; reason: string };

interface LockedInvoice {
  id: number;
  company_id: number;
  value: number;
  recurrence: Recurrence;
  status: "open" | "paid";
  due_date: string | null;
}

/** Payments are compared in cents, so 149.9 and "149.90" are the same amount. */
function cents(amount: number): number {
  return Math.round(amount * 100);
}

async function lockInvoice(tx: Queryable, invoiceId: number): Promise<LockedInvoice> {
  const row = await tx.maybeOne<LockedInvoice>(sql`
    select i.id, i.company_id, i.value::float8 as value, i.recurrence, i.status,
           to_char(c.due_date, 'YYYY-MM-DD') as due_date
    from invoices i join companies c on c.id = i.company_id
    where i.id = ${invoiceId}
    for update of i, c`);
  if (!row) throw new AppError("ERR_NO_INVOICE_FOUND", 404);
  return row;
}

async function record(
  tx: Queryable,
  invoice: LockedInvoice,
  confirmation: Confirmation,
  result: { accepted: boolean; reason: string; dueDateAfter?: string },
): Promise<boolean> {
  const provider = confirmation.source === "provider" ? confirmation : null;
  const inserted = await tx.maybeOne(sql`
    insert into invoice_payments (invoice_id, company_id, source, txid, end_to_end_id, amount,
      accepted, reason, user_id, due_date_before, due_date_after)
    values (${invoice.id}, ${invoice.company_id}, ${confirmation.source}, ${provider?.txid ?? null},
      ${provider?.endToEndId ?? null}, ${provider?.amount ?? null}, ${result.accepted},
      ${result.reason}, ${confirmation.source === "manual" ? confirmation.userId : null},
      ${invoice.due_date}::date, ${result.dueDateAfter ?? null}::date)
    on conflict (end_to_end_id) do nothing
    returning id`);
  return inserted !== undefined;
}

/** Applies one confirmation to an invoice; publishes CONCLUIDA when it paid the invoice. */
export async function confirmPayment(
  deps: Pick<ServiceDeps, "db" | "hub" | "clock">,
  invoiceId: number,
  confirmation: Confirmation,
): Promise<ConfirmationOutcome> {
  const outcome = await deps.db.transaction((tx) =>
    applyConfirmation(tx, deps, invoiceId, confirmation)
  );
  if (outcome.outcome === "paid") {
    const { companyId, dueDate } = outcome;
    await deps.hub.publish(rooms.company(companyId), channels.payment(companyId), {
      action: "CONCLUIDA",
      company: { id: companyId, dueDate },
    });
  }
  return outcome;
}

async function applyConfirmation(
  tx: Queryable,
  deps: Pick<ServiceDeps, "clock">,
  invoiceId: number,
  confirmation: Confirmation,
): Promise<ConfirmationOutcome> {
  const invoice = await lockInvoice(tx, invoiceId);
  const amount = confirmation.source === "provider" ? confirmation.amount : null;
  let refusal: string | null = null;
  if (amount !== null && cents(amount) !== cents(invoice.value)) {
    refusal = "ERR_PAYMENT_AMOUNT_MISMATCH";
  } else if (invoice.status === "paid") {
    refusal = "ERR_INVOICE_ALREADY_PAID";
  }
  if (refusal) {
    const recorded = await record(tx, invoice, confirmation, { accepted: false, reason: refusal });
    if (!recorded) return { outcome: "duplicate" };
    return { outcome: "rejected", reason: refusal };
  }
  const now = deps.clock.now();
  const dueDate = extendedDueDate(invoice.due_date, invoice.recurrence, now);
  const reason = confirmation.source === "manual" ? confirmation.reason : "CONCLUIDA";
  const recorded = await record(tx, invoice, confirmation, {
    accepted: true,
    reason,
    dueDateAfter: dueDate,
  });
  if (!recorded) return { outcome: "duplicate" };
  await tx.run(sql`update invoices set status = 'paid', paid_at = ${now.toISOString()}::timestamptz,
      txid = ${confirmation.source === "provider" ? confirmation.txid : null},
      updated_at = ${now.toISOString()}::timestamptz
    where id = ${invoice.id}`);
  await tx.run(sql`update companies set due_date = ${dueDate}::date,
      updated_at = ${now.toISOString()}::timestamptz
    where id = ${invoice.company_id}`);
  return { outcome: "paid", companyId: invoice.company_id, dueDate };
}

/** The super user marks an invoice paid by hand (a static Pix seen in the bank statement). */
export async function markPaidByHand(
  deps: Pick<ServiceDeps, "db" | "hub" | "clock">,
  invoiceId: number,
  by: { userId: number; reason: string },
): Promise<{ dueDate: string }> {
  const outcome = await confirmPayment(deps, invoiceId, { source: "manual", ...by });
  if (outcome.outcome !== "paid") throw new AppError("ERR_INVOICE_ALREADY_PAID", 409);
  return { dueDate: outcome.dueDate };
}

/** The invoice a Pix charge was made for, or null for a txid this server never issued. */
export async function invoiceOfCharge(
  db: Queryable | Db,
  txid: string,
): Promise<{ invoiceId: number } | null> {
  const row = await db.maybeOne<{ invoice_id: number }>(
    sql`select invoice_id from pix_charges where txid = ${txid}`,
  );
  return row ? { invoiceId: row.invoice_id } : null;
}
