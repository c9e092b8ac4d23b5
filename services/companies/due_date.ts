/**
 * A company's due date (admin §4): how the form reads it, how "+ Vencimento" moves it, and
 * how urgent it looks in the companies table. Dates are `YYYY-MM-DD` strings and the
 * arithmetic runs in UTC so no daylight-saving shift moves a day; "today" is the viewer's
 * local calendar day. Shared by the API and the settings page.
 */
import { parseDay } from "../../lib/dates.ts";

export const RECURRENCES = ["MENSAL", "BIMESTRAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"] as const;
export type Recurrence = typeof RECURRENCES[number];

/** Months that "+ Vencimento" adds for each recurrence (admin §4). */
export const RECURRENCE_MONTHS: Readonly<Record<Recurrence, number>> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
};

/**
 * The date of `value` as `YYYY-MM-DD`, or null when it is empty or not a real date: the
 * company form's rule that an empty or invalid due date becomes null (admin §4). A full
 * ISO timestamp keeps only its date.
 */
export function normalizeDueDate(value: unknown): string | null {
  return parseDay(value);
}

/**
 * `dueDate` moved on by the recurrence's months. The day is kept, or becomes the last day
 * of a shorter month (31 Jan + 1 month = 28/29 Feb), as people count months. Without a due
 * date, the count starts today.
 */
export function addRecurrence(
  dueDate: string | null,
  recurrence: Recurrence,
  today: Date = new Date(),
): string {
  const start = normalizeDueDate(dueDate) ?? localDay(today);
  const [y, m, d] = start.split("-").map(Number) as [number, number, number];
  const months = m - 1 + RECURRENCE_MONTHS[recurrence];
  const year = y + Math.floor(months / 12);
  const month = months % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return formatDate(new Date(Date.UTC(year, month, Math.min(d, lastDay))));
}

/** Whole days from `today` to `dueDate` (negative once it has passed). */
export function daysUntil(dueDate: string, today: Date = new Date()): number {
  const due = Date.parse(`${dueDate}T00:00:00Z`);
  const start = Date.parse(`${localDay(today)}T00:00:00Z`);
  return Math.round((due - start) / 86_400_000);
}

export type DueTone = "none" | "soon" | "urgent" | "overdue";

/**
 * How a company row is coloured by its due date. The spec (admin §4) names three bands:
 * 5 days ahead yellow, from 3 days past to 4 days ahead orange, 4 days past red, and leaves
 * the rest unshown. Balcão closes the gaps this way:
 * - more than 5 days ahead, or no due date: no colour;
 * - exactly 5 days ahead: "soon" (yellow);
 * - from 4 days ahead to 3 days past: "urgent" (orange);
 * - 4 or more days past: "overdue" (red), so an old debt never goes back to looking fine.
 */
export function dueDateTone(dueDate: string | null, today: Date = new Date()): DueTone {
  if (!dueDate) return "none";
  const days = daysUntil(dueDate, today);
  if (days > 5) return "none";
  if (days === 5) return "soon";
  if (days >= -3) return "urgent";
  return "overdue";
}

function formatDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The calendar day of `date` where the code runs (the viewer's, in the browser). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
