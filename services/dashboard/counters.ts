/**
 * `GET /api/dashboard` (core §3, §7, §9): the company's counters and attendants for a period,
 * by indexed SQL over the ticket tracking rows (services/tickets/tracking.ts) and ratings.
 *
 * - Service time of an attendance: finished − accepted, over attendances finished in the
 *   period; waiting time: accepted − queued (or created, when it never had a queue), over
 *   attendances started in the period. Both are whole intervals in minutes (epoch seconds /
 *   60), so a wait longer than a month is counted in full, unlike the anchor's `age()`.
 * - Ratings are those given in the period, by the agent they were given to (no join on the
 *   finish date, which dropped a rating given the day after).
 * - Leads: contacts whose first ticket was opened in the period.
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

/** `extract(epoch …)` as minutes, one decimal, as a float (postgres.js reads numeric as text). */
const minutes = (value: ReturnType<typeof sql>) => sql`round((${value})::numeric, 1)::float8`;

/** The attendances finished in the period, with their service time in minutes. */
export function finishedIn(companyId: number, period: Period) {
  return sql`
    select user_id,
           extract(epoch from finished_at - accepted_at) / 60 as minutes
    from ticket_tracking
    where company_id = ${companyId} and finished_at is not null
      and finished_at >= ${period.from}::timestamptz and finished_at < ${period.to}::timestamptz`;
}

/** The attendances started in the period, with their waiting time in minutes once accepted. */
export function startedIn(companyId: number, period: Period) {
  return sql`
    select queue_id, created_at,
           -- greatest() skips nulls: without the case, one still waiting would count 0.
           case when accepted_at is not null then
             greatest(0, extract(epoch from accepted_at - coalesce(queued_at, created_at))) / 60
           end as minutes
    from ticket_tracking
    where company_id = ${companyId}
      and created_at >= ${period.from}::timestamptz and created_at < ${period.to}::timestamptz`;
}

/** Average, median and p90 of the rows' minutes (null minutes are left out), and the row count. */
function timeFigures(from: ReturnType<typeof sql>) {
  return sql`
    select ${minutes(sql`avg(minutes)`)} as avg,
           ${minutes(sql`percentile_cont(0.5) within group (order by minutes)`)} as median,
           ${minutes(sql`percentile_cont(0.9) within group (order by minutes)`)} as p90,
           count(*)::int as total
    from (${from}) rows`;
}

interface FigureRow {
  avg: number | null;
  median: number | null;
  p90: number | null;
  total: number;
}

export async function dashboardOf(
  db: Queryable,
  companyId: number,
  period: Period,
  platform: boolean,
): Promise<Dashboard> {
  const [now, support, wait, leads, attendants, ratings, queues, totals] = await Promise.all([
    db.one<{ open: number; pending: number }>(sql`
      select count(*) filter (where status = 'open')::int as open,
             count(*) filter (where status = 'pending')::int as pending
      from tickets where company_id = ${companyId} and status in ('open', 'pending')`),
    db.one<FigureRow>(timeFigures(finishedIn(companyId, period))),
    db.one<FigureRow>(timeFigures(startedIn(companyId, period))),
    db.one<{ leads: number }>(sql`
      select count(distinct t.contact_id)::int as leads
      from tickets t
      where t.company_id = ${companyId}
        and t.created_at >= ${period.from}::timestamptz and t.created_at < ${period.to}::timestamptz
        and not exists (select 1 from tickets e
                        where e.contact_id = t.contact_id and e.created_at < t.created_at)`),
    db.query<Attendant>(sql`
      select u.id, u.name, u.online, coalesce(f.tickets, 0)::int as tickets,
             f.avg as "avgSupportTime", r.rating, coalesce(r.ratings, 0)::int as ratings
      from users u
      left join (select user_id, count(*) as tickets, ${minutes(sql`avg(minutes)`)} as avg
                 from (${finishedIn(companyId, period)}) f group by user_id) f
        on f.user_id = u.id
      left join (select user_id, round(avg(rate), 2)::float8 as rating, count(*) as ratings
                 from ticket_ratings
                 where company_id = ${companyId} and created_at >= ${period.from}::timestamptz
                   and created_at < ${period.to}::timestamptz
                 group by user_id) r
        on r.user_id = u.id
      where u.company_id = ${companyId}
      order by coalesce(f.tickets, 0) desc, u.name, u.id`),
    db.query<{ rate: 1 | 2 | 3; count: number }>(sql`
      select v.rate, count(r.id)::int as count
      from (values (1), (2), (3)) v (rate)
      left join ticket_ratings r
        on r.rate = v.rate and r.company_id = ${companyId}
       and r.created_at >= ${period.from}::timestamptz and r.created_at < ${period.to}::timestamptz
      group by v.rate order by v.rate`),
    db.query<Dashboard["queues"][number]>(sql`
      select s.queue_id as id, q.name, q.color, count(*)::int as total
      from (${startedIn(companyId, period)}) s
      left join queues q on q.id = s.queue_id
      group by s.queue_id, q.name, q.color
      order by total desc, q.name nulls last`),
    platform
      ? db.one<{ companies: number; sessions: number }>(sql`
        select (select count(*)::int from companies) as companies,
               (select count(*)::int from whatsapps where status = 'CONNECTED') as sessions`)
      : Promise.resolve(null),
  ]);
  const figures = (row: FigureRow): TimeFigures => ({
    avg: row.avg,
    median: row.median,
    p90: row.p90,
  });
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
