/**
 * Exact median and p90 of the period's waiting and service times without reading every
 * attendance: the summary's histogram of whole minutes (kinds `wait` and `service`) says
 * which minutes hold the ranks `percentile_cont` interpolates between, and only those
 * minutes' rows are read, through the indexes on (company, minute, day). The two values and
 * the fraction are then handed to `percentile_cont` itself, so the answer is the very float
 * it gave over all the rows (same ranks, same interpolation, same rounding).
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import type { Period } from "./period.ts";
import { MICROS_PER_MINUTE, type SummaryRow } from "./summary.ts";

type Minutes = ReturnType<typeof sql>;

/** Where a rank falls: the minute that holds it and how many rows come before that minute. */
function minuteOf(histogram: SummaryRow[], rank: number): { minute: number; before: number } {
  let before = 0;
  for (const row of histogram) {
    if (rank < before + row.rows) return { minute: row.key!, before };
    before += row.rows;
  }
  throw new Error(`rank ${rank} is beyond the histogram's ${before} rows`);
}

/**
 * The rows of one kind whose minute lies in [first, last], as microseconds, in the period:
 * the same expressions as the migration's indexes, so the planner reads only those entries.
 */
function timesIn(
  kind: "wait" | "service",
  companyId: number,
  period: Period,
  first: number,
  last: number,
) {
  const inPeriod = (column: Minutes) =>
    sql`${column} >= ${period.from}::timestamptz and ${column} < ${period.to}::timestamptz`;
  if (kind === "service") {
    return sql`
      select dashboard_micros(finished_at - accepted_at) as micros from ticket_tracking
      where company_id = ${companyId} and finished_at is not null and accepted_at is not null
        and dashboard_minute(dashboard_micros(finished_at - accepted_at))
          between ${first} and ${last}
        and ${inPeriod(sql`finished_at`)}`;
  }
  return sql`
    select dashboard_wait(created_at, queued_at, accepted_at) as micros from ticket_tracking
    where company_id = ${companyId} and accepted_at is not null
      and dashboard_minute(dashboard_wait(created_at, queued_at, accepted_at))
        between ${first} and ${last}
      and ${inPeriod(sql`created_at`)}`;
}

/**
 * `round(percentile_cont(fraction) within group (order by minutes), 1)` over the rows of
 * the kind in the period, `histogram` being the summary's minute rows of that kind in
 * ascending minute order; null when there are none.
 */
export async function percentileOf(
  db: Queryable,
  kind: "wait" | "service",
  companyId: number,
  period: Period,
  histogram: SummaryRow[],
  fraction: number,
): Promise<number | null> {
  const count = histogram.reduce((sum, row) => sum + row.rows, 0);
  if (count === 0) return null;
  // percentile_cont's own arithmetic: the ranks around fraction × (n − 1), 0-based.
  const position = fraction * (count - 1);
  const low = Math.floor(position);
  const high = Math.ceil(position);
  const from = minuteOf(histogram, low);
  const to = minuteOf(histogram, high);
  const { value } = await db.one<{ value: number }>(sql`
    select round((percentile_cont(${position - low}::float8)
                  within group (order by micros / ${MICROS_PER_MINUTE}::float8))::numeric, 1)
             ::float8 as value
    from (${timesIn(kind, companyId, period, from.minute, to.minute)}
          order by micros offset ${low - from.before} limit ${high - low + 1}) wanted`);
  return value;
}
