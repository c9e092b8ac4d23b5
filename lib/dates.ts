/**
 * The one date parser (DESIGN §4): calendar days travel as `YYYY-MM-DD`. A day that does
 * not exist (`2026-02-30`) is refused here rather than by the database, which would
 * answer an error the API can only turn into a 500.
 */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

/** Years a person could mean; beyond them a date is a typo or an attack. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 9999;

/**
 * The day `value` names as `YYYY-MM-DD`, or null when it is not a real calendar day. A full
 * ISO timestamp keeps only its date.
 */
export function parseDay(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const match = ISO_DAY.exec(value.trim());
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d;
  return real && y >= FIRST_YEAR && y <= LAST_YEAR ? match[0].slice(0, 10) : null;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * The moment `value` names: an ISO date-time with its offset ("2026-11-25T14:30:00-03:00"
 * or "…Z"), on a real calendar day; else null. Without an offset a time is ambiguous
 * (whose 14:30?), so it is refused rather than read in the server's zone.
 */
export function parseInstant(value: unknown): Date | null {
  if (typeof value !== "string" || !ISO_INSTANT.test(value.trim())) return null;
  if (parseDay(value) === null) return null;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : date;
}
