/**
 * The dashboard's per-company per-day summary (`dashboard_days`, kept by the database's own
 * triggers on tracking rows, ratings, tickets and contacts): a period of whole UTC days reads
 * one row per day and key instead of every attendance. Counts and sums are exact; averages
 * are computed from them with the same numeric division `avg()` does, so they equal what
 * `avg()` over the rows answered.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import type { Period } from "./period.ts";

export const MICROS_PER_MINUTE = 60_000_000;

/** What the summary keeps (migration `dashboard_days`): see its table of kinds. */
export type SummaryKind =
  | "started" // by queue: attendances begun, of them accepted, their wait
  | "wait" // by whole minute of wait: the histogram of accepted attendances
  | "finished" // by agent: attendances ended, of them with a service time, its sum
  | "service" // by whole minute of service: the histogram of those with a time
  | "rated" // by agent: ratings received and their sum
  | "rate" // by rate (1–3): ratings given
  | "leads"; // contacts first seen that day who have a ticket

export interface SummaryRow {
  kind: SummaryKind;
  key: number | null;
  /** The whole kind's row (every key of it summed), beside the rows by key. */
  overall: boolean;
  rows: number;
  /** Average time in minutes with one decimal (started, finished); null without a time. */
  minutes: number | null;
  /** Average rate with two decimals (rated). */
  rating: number | null;
}

/** The period's first and after-last UTC day, as the summary's `day` column holds them. */
export function daysOf(period: Period): { first: string; after: string } {
  return {
    first: period.from.toISOString().slice(0, 10),
    after: period.to.toISOString().slice(0, 10),
  };
}

export function summaryOf(db: Queryable, companyId: number, period: Period) {
  const { first, after } = daysOf(period);
  return db.query<SummaryRow>(sql`
    select kind, key, grouping(key) = 1 as overall, sum(rows)::int as rows,
           round(sum(total)::numeric / nullif(sum(timed), 0) / ${MICROS_PER_MINUTE}, 1)::float8
             as minutes,
           round(sum(total)::numeric / nullif(sum(rows), 0), 2)::float8 as rating
    from dashboard_days
    where company_id = ${companyId} and day >= ${first}::date and day < ${after}::date
    group by grouping sets ((kind, key), (kind))
    having sum(rows) <> 0
    order by kind, key`);
}

/** The summary's rows of one kind, by key. */
export function byKey(rows: SummaryRow[], kind: SummaryKind): Map<number | null, SummaryRow> {
  return new Map(
    rows.filter((row) => row.kind === kind && !row.overall).map((row) => [row.key, row]),
  );
}

/** The whole kind's row, or undefined when the period has none of it. */
export function overallOf(rows: SummaryRow[], kind: SummaryKind): SummaryRow | undefined {
  return rows.find((row) => row.kind === kind && row.overall);
}
