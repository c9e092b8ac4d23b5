/**
 * The subscription countdown of the top bar (core §9: warn when fewer than 5 days remain).
 * Dates are the company's `YYYY-MM-DD` due date and today's date in UTC, the same clock the
 * sign-in check uses (sessions.ts `assertCompanyActive`), so the two never disagree.
 */

export const SUBSCRIPTION_WARNING_DAYS = 5;

/** Today's date as `YYYY-MM-DD` (UTC). */
export function isoToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whole days from `today` to `dueDate` (both `YYYY-MM-DD`); negative once past. */
export function daysUntil(dueDate: string, today: string): number {
  const ms = Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/**
 * The day count to warn about, or null when there is nothing to say: no due date, more than
 * `SUBSCRIPTION_WARNING_DAYS - 1` days left, or already past (sign-in refuses that case).
 */
export function subscriptionWarningDays(
  dueDate: string | null,
  today: string = isoToday(),
): number | null {
  if (!dueDate) return null;
  const days = daysUntil(dueDate, today);
  return days >= 0 && days < SUBSCRIPTION_WARNING_DAYS ? days : null;
}
