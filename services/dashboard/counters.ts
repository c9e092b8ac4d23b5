/**
 * `GET /api/dashboard` (core §3, §7, §9): the company's counters and attendants for a period,
 * from the per-day summary of the ticket tracking rows (services/tickets/tracking.ts),
 * ratings and leads (./summary.ts), with the exact median and p90 (./percentiles.ts).
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
import { percentileOf } from "./percentiles.ts";
import { byKey, overallOf, summaryOf, type SummaryRow } from "./summary.ts";

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

const PERCENTILES = { median: 0.5, p90: 0.9 } as const;

/** Average (from the summary), median and p90 (from the minutes they fall in) of one time. */
async function timeFigures(
  db: Queryable,
  kind: "wait" | "service",
  companyId: number,
  period: Period,
  summary: SummaryRow[],
  average: number | null,
): Promise<TimeFigures> {
  const histogram = summary.filter((row) => row.kind === kind && !row.overall);
  const at = (fraction: number) => percentileOf(db, kind, companyId, period, histogram, fraction);
  const [median, p90] = await Promise.all([at(PERCENTILES.median), at(PERCENTILES.p90)]);
  return { avg: average, median, p90 };
}

export async function dashboardOf(
  db: Queryable,
  companyId: number,
  period: Period,
  platform: boolean,
): Promise<Dashboard> {
  // Independent reads, side by side: on a server each takes a connection of the pool; the
  // embedded database runs them one after another on its one connection (no transaction
  // is held, so none waits on another).
  const [now, summary, users, queueRows, totals] = await Promise.all([
    db.one<{ open: number; pending: number }>(sql`
      select count(*) filter (where status = 'open')::int as open,
             count(*) filter (where status = 'pending')::int as pending
      from tickets where company_id = ${companyId} and status in ('open', 'pending')`),
    summaryOf(db, companyId, period),
    db.query<{ id: number; name: string; online: boolean }>(sql`
      select id, name, online from users where company_id = ${companyId} order by name, id`),
    db.query<{ id: number; name: string; color: string }>(sql`
      select id, name, color from queues where company_id = ${companyId}`),
    platform
      ? db.one<{ companies: number; sessions: number }>(sql`
        select (select count(*)::int from companies) as companies,
               (select count(*)::int from whatsapps where status = 'CONNECTED') as sessions`)
      : Promise.resolve(null),
  ]);
  const finished = overallOf(summary, "finished");
  const started = overallOf(summary, "started");
  const [supportTime, waitTime] = await Promise.all([
    timeFigures(db, "service", companyId, period, summary, finished?.minutes ?? null),
    timeFigures(db, "wait", companyId, period, summary, started?.minutes ?? null),
  ]);
  const byUser = byKey(summary, "finished");
  const ratingOf = byKey(summary, "rated");
  const attendants: Attendant[] = users.map((user) => {
    const mine = byUser.get(user.id);
    const rating = ratingOf.get(user.id);
    return {
      id: user.id,
      name: user.name,
      online: user.online,
      tickets: mine?.rows ?? 0,
      avgSupportTime: mine?.minutes ?? null,
      rating: rating?.rating ?? null,
      ratings: rating?.rows ?? 0,
    };
  }).sort((a, b) => b.tickets - a.tickets); // stable: by name within the same count
  const queueOf = new Map(queueRows.map((queue) => [queue.id, queue]));
  const queues = [...byKey(summary, "started")].map(([id, row]) => {
    const queue = id === null ? undefined : queueOf.get(id);
    return { id, name: queue?.name ?? null, color: queue?.color ?? null, total: row.rows };
  }).sort((a, b) =>
    b.total - a.total || (a.name === null ? 1 : b.name === null ? -1 : a.name.localeCompare(b.name))
  );
  const rates = byKey(summary, "rate");
  const ratings = ([1, 2, 3] as const).map((rate) => ({
    rate,
    count: rates.get(rate)?.rows ?? 0,
  }));
  return {
    period: { from: period.from.toISOString(), to: period.to.toISOString(), days: period.days },
    counters: {
      supportHappening: now.open,
      supportPending: now.pending,
      supportFinished: finished?.rows ?? 0,
      tickets: started?.rows ?? 0,
      leads: overallOf(summary, "leads")?.rows ?? 0,
      avgSupportTime: supportTime.avg,
      avgWaitTime: waitTime.avg,
      supportTime,
      waitTime,
      ...(totals
        ? { totalCompanies: totals.companies, totalWhatsappSessions: totals.sessions }
        : {}),
    },
    attendants,
    ratings,
    queues,
  };
}
