/**
 * Billing arithmetic on `YYYY-MM-DD` days (UTC, the day the sign-in check uses): what an
 * invoice costs for a recurrence, and where a payment moves the company's due date. The month
 * steps are the companies form's ("+ Vencimento", services/companies/due_date.ts).
 */
import { addRecurrence, type Recurrence, RECURRENCE_MONTHS } from "../companies/due_date.ts";
import { isoToday } from "../accounts/subscription.ts";

/** How far ahead of its due date a company's invoice is made (admin §4). */
export const INVOICE_LEAD_DAYS = 10;

/** A plan's price is monthly (admin §1): an invoice covers the recurrence's months. */
export function invoiceValue(monthlyValue: number, recurrence: Recurrence): number {
  return Math.round(monthlyValue * RECURRENCE_MONTHS[recurrence] * 100) / 100;
}

/**
 * The due date after a payment: one recurrence from the later of the old due date and today,
 * so paying early keeps the days already bought and paying late does not buy days past.
 */
export function extendedDueDate(
  oldDueDate: string | null,
  recurrence: Recurrence,
  now: Date,
): string {
  const today = isoToday(now);
  const start = oldDueDate && oldDueDate > today ? oldDueDate : today;
  return addRecurrence(start, recurrence);
}
