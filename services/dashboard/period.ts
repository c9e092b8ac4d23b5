/**
 * The dashboard's period (core §5, §9): a preset of N days ending today, or a range of
 * calendar days. Days are UTC days, like every date the app shows (lib/i18n/format.ts).
 * The period is half-open, [from, to), so a row at midnight belongs to exactly one day.
 */
import { parseDay } from "../../lib/dates.ts";
import { AppError } from "../../lib/http/errors.ts";
import { fieldRefusal } from "../../lib/http/validate.ts";

/** The longest period the dashboard reads (a year, leap years included). */
export const MAX_PERIOD_DAYS = 366;
const DAY_MS = 86_400_000;

export interface PeriodQuery {
  days?: number;
  dateFrom?: string;
  dateTo?: string;
}

export interface Period {
  from: Date;
  to: Date;
  /** Whole days in the period (1 when it is a single day: the chart is then per hour). */
  days: number;
}

function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

function dayStart(day: string): Date {
  return new Date(`${parseDay(day)}T00:00:00Z`);
}

/**
 * The period a query names, `now` being the business clock's. A preset wins over a range;
 * neither is ERR_DASHBOARD_FILTER ("Parametrize o filtro"); a range that ends before it
 * starts, or longer than MAX_PERIOD_DAYS, is refused on its `date_to`.
 */
export function periodOf(query: PeriodQuery, now: Date): Period {
  const today = startOfUtcDay(now);
  if (query.days !== undefined) {
    const from = new Date(today.getTime() - (query.days - 1) * DAY_MS);
    return { from, to: new Date(today.getTime() + DAY_MS), days: query.days };
  }
  if (query.dateFrom === undefined) {
    throw new AppError("ERR_DASHBOARD_FILTER", 400);
  }
  const from = dayStart(query.dateFrom);
  const to = new Date((query.dateTo ? dayStart(query.dateTo) : today).getTime() + DAY_MS);
  const days = Math.round((to.getTime() - from.getTime()) / DAY_MS);
  if (days < 1) throw fieldRefusal("date_to", { code: "ERR_DASHBOARD_RANGE_BACKWARDS" });
  if (days > MAX_PERIOD_DAYS) {
    throw fieldRefusal("date_to", { code: "ERR_DASHBOARD_RANGE_TOO_LONG" });
  }
  return { from, to, days };
}
