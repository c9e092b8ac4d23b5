/**
 * `GET /api/dashboard` (core §3, §7, §9): the company's counters and attendants for a period,
 * by indexed SQL over the ticket tracking rows (services/tickets/tracking.ts) and ratings.
 *
 * - Service time of an attendance: finished − accepted, over attendances finished in the
 *   period; waiting time: accepted − queued (or created, when it never had a queue), over
 *   attendances started in the period. Both are whole intervals (epoch microseconds, shown
 *   in minutes), so a wait longer than a month is counted in full, unlike the anchor's `age()`.
 * - Ratings are those given in the period, by the agent they were given to (no join on the
 *   finish date, which dropped a rating given the day after).
 * - Leads: contacts first seen in the period (created by their first message or by an agent)
 *   who have a ticket.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import type { Period } from "./period.ts";

export interface TimeFigures {
  /** Minutes with one decimal; null when no attendance in the period has the time. */
  avg: number | null;
  median: number | null;
  p90: number | null;
}

export interface DashboardCounters {
  /** Now, not by period: tickets being answered and waiting. */
  supportHappening: number;
  supportPending: number;
  /** Attendances finished in the period. */
  supportFinished: number;
  /** Attendances started in the period. */
  tickets: number;
  leads: number;
  avgSupportTime: number | null;
  avgWaitTime: number | null;
  supportTime: TimeFigures;
  waitTime: TimeFigures;
  /** The super user's platform counters; absent for everybody else. */
  totalCompanies?: number;
  totalWhatsappSessions?: number;
}

export interface Attendant {
  id: number;
  name: string;
  online: boolean;
  /** Attendances the agent finished in the period. */
  tickets: number;
  avgSupportTime: number | null;
  /** Average rating (1–3) received in the period; null without ratings. */
  rating: number | null;
  ratings: number;
}

export interface Dashboard {
  period: { from: string; to: string; days: number };
  counters: DashboardCounters;
  attendants: Attendant[];
  /** How many ratings of each value (1 unsatisfied, 2 satisfied, 3 very satisfied). */
  ratings: { rate: 1 | 2 | 3; count: number }[];
  /** Attendances started in the period by queue; `id` null for those without one. */
  queues: { id: number | null; name: string | null; color: string | null; total: number }[];
}

/** Minutes as one decimal, as a float (postgres.js reads numeric as text). */
const minutes = (value: ReturnType<typeof sql>) => sql`round((${value})::numeric, 1)::float8`;

/**
 * An interval's whole microseconds as a bigint. `extract(epoch …)` is numeric, and numeric
 * arithmetic on every row of a 75k-row period was most of the dashboard's time; the float8
 * `date_part` holds microseconds exactly for any interval under a century, and rounding
 * brings back the integer, so the sums stay exact.
 */
const micros = (interval: ReturnType<typeof sql>) =>
  sql`round(date_part('epoch', ${interval}) * 1000000::float8)::bigint`;
const MICROS_PER_MINUTE = 60_000_000;

/** The attendances finished in the period, with their service time in microseconds. */
export function finishedIn(companyId: number, period: Period) {
  return sql`
    select user_id, ${micros(sql`finished_at - accepted_at`)} as micros
    from ticket_tracking
    where company_id = ${companyId} and finished_at is not null
      and finished_at >= ${period.from}::timestamptz and finished_at < ${period.to}::timestamptz`;
}

/** The attendances started in the period, with their waiting time in microseconds once accepted. */
export function startedIn(companyId: number, period: Period) {
  return sql`
    select queue_id, created_at,
           -- greatest() skips nulls: without the case, one still waiting would count 0.
           case when accepted_at is not null then
             greatest(0, ${micros(sql`accepted_at - coalesce(queued_at, created_at)`)})
           end as micros
    from ticket_tracking
    where company_id = ${companyId}
      and created_at >= ${period.from}::timestamptz and created_at < ${period.to}::timestamptz`;
}

/**
 * Average, median and p90 of the rows' times in minutes (null times left out) and the row
 * count, for the whole period (`overall`) and by `key`, in one scan of the rows. The average
 * is exact (numeric over the bigint sum); the percentiles sort float8 minutes, as
 * `percentile_cont` always did (it takes float8).
 */
function timeFigures(from: ReturnType<typeof sql>, key: ReturnType<typeof sql>) {
  return sql`
    select ${key} as key, grouping(${key}) = 1 as overall, count(*)::int as total,
           ${minutes(sql`avg(micros) / ${MICROS_PER_MINUTE}`)} as avg,
           ${minutes(sql`percentile_cont(0.5) within group (order by minutes)`)} as median,
           ${minutes(sql`percentile_cont(0.9) within group (order by minutes)`)} as p90
    from (select *, micros / ${MICROS_PER_MINUTE}::float8 as minutes from (${from}) times) rows
    group by grouping sets ((), (${key}))`;
}

interface FigureRow extends TimeFigures {
  key: number | null;
  overall: boolean;
  total: number;
}

const NO_FIGURES: FigureRow = {
  key: null,
  overall: true,
  total: 0,
  avg: null,
  median: null,
  p90: null,
};

export async function dashboardOf(
  db: Queryable,
  companyId: number,
  period: Period,
  platform: boolean,
): Promise<Dashboard> {
  const inPeriod = (column: ReturnType<typeof sql>) =>
    sql`${column} >= ${period.from}::timestamptz and ${column} < ${period.to}::timestamptz`;
  const [now, finished, started, leads, users, queueRows, rated, totals] = await Promise.all([
    db.one<{ open: number; pending: number }>(sql`
      select count(*) filter (where status = 'open')::int as open,
             count(*) filter (where status = 'pending')::int as pending
      from tickets where company_id = ${companyId} and status in ('open', 'pending')`),
    db.query<FigureRow>(timeFigures(finishedIn(companyId, period), sql`user_id`)),
    db.query<FigureRow>(timeFigures(startedIn(companyId, period), sql`queue_id`)),
    // A lead is a contact first seen in the period who wrote or was written to.
    db.one<{ leads: number }>(sql`
      select count(*)::int as leads from contacts c
      where c.company_id = ${companyId} and ${inPeriod(sql`c.created_at`)}
        and exists (select 1 from tickets t where t.contact_id = c.id)`),
    db.query<{ id: number; name: string; online: boolean }>(sql`
      select id, name, online from users where company_id = ${companyId} order by name, id`),
    db.query<{ id: number; name: string; color: string }>(sql`
      select id, name, color from queues where company_id = ${companyId}`),
    db.query<{ user_id: number | null; rate: 1 | 2 | 3 | null; count: number; avg: number }>(sql`
      select user_id, rate, count(*)::int as count, round(avg(rate), 2)::float8 as avg
      from ticket_ratings
      where company_id = ${companyId} and ${inPeriod(sql`created_at`)}
      group by grouping sets ((user_id), (rate))`),
    platform
      ? db.one<{ companies: number; sessions: number }>(sql`
        select (select count(*)::int from companies) as companies,
               (select count(*)::int from whatsapps where status = 'CONNECTED') as sessions`)
      : Promise.resolve(null),
  ]);
  const overall = (rows: FigureRow[]) => rows.find((row) => row.overall) ?? NO_FIGURES;
  const figures = ({ avg, median, p90 }: FigureRow): TimeFigures => ({ avg, median, p90 });
  const support = overall(finished);
  const wait = overall(started);
  const byUser = new Map(finished.filter((r) => !r.overall).map((r) => [r.key, r]));
  const ratingOf = new Map(
    rated.filter((r) => r.rate === null && r.user_id !== null).map((r) => [r.user_id, r]),
  );
  const attendants: Attendant[] = users.map((user) => {
    const mine = byUser.get(user.id);
    const rating = ratingOf.get(user.id);
    return {
      id: user.id,
      name: user.name,
      online: user.online,
      tickets: mine?.total ?? 0,
      avgSupportTime: mine?.avg ?? null,
      rating: rating?.avg ?? null,
      ratings: rating?.count ?? 0,
    };
  }).sort((a, b) => b.tickets - a.tickets); // stable: by name within the same count
  const queueOf = new Map(queueRows.map((queue) => [queue.id, queue]));
  const queues = started.filter((row) => !row.overall).map((row) => {
    const queue = row.key === null ? undefined : queueOf.get(row.key);
    return {
      id: row.key,
      name: queue?.name ?? null,
      color: queue?.color ?? null,
      total: row.total,
    };
  }).sort((a, b) =>
    b.total - a.total || (a.name === null ? 1 : b.name === null ? -1 : a.name.localeCompare(b.name))
  );
  const ratings = ([1, 2, 3] as const).map((rate) => ({
    rate,
    count: rated.find((row) => row.rate === rate)?.count ?? 0,
  }));
  return {
    period: { from: period.from.toISOString(), to: period.to.toISOString(), days: period.days },
    counters: {
      supportHappening: now.open,
      supportPending: now.pending,
      supportFinished: support.total,
      tickets: wait.total,
      leads: leads.leads,
      avgSupportTime: support.avg,
      avgWaitTime: wait.avg,
      supportTime: figures(support),
      waitTime: figures(wait),
      ...(totals
        ? { totalCompanies: totals.companies, totalWhatsappSessions: totals.sessions }
        : {}),
    },
    attendants,
    ratings,
    queues,
  };
}
