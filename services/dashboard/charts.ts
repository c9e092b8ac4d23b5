/**
 * The dashboard's chart series (core §7): `GET /api/dashboard/ticketsUsers` — attendances each
 * agent finished in the period, `{data: [{nome, quantidade}], count}` — and
 * `/api/dashboard/ticketsDay` — attendances started per day, or per hour when the period is
 * one day, `{data: [{data|horario, total}], count}`, every bucket present (zeros included)
 * so a chart's axis has no holes. The anchor interpolated its query strings into SQL; here
 * the company is the caller's and every value is a parameter.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import type { Period } from "./period.ts";
import { daysOf } from "./summary.ts";

export interface TicketsByUser {
  data: { id: number; nome: string; quantidade: number }[];
  count: number;
}

export type DayBucket = { data: string; total: number } | { horario: string; total: number };

export interface TicketsByDay {
  data: DayBucket[];
  count: number;
}

export async function ticketsByUser(
  db: Queryable,
  companyId: number,
  period: Period,
): Promise<TicketsByUser> {
  const { first, after } = daysOf(period);
  const data = await db.query<TicketsByUser["data"][number]>(sql`
    select u.id, u.name as nome, sum(d.rows)::int as quantidade
    from dashboard_days d
    join users u on u.id = d.key and u.company_id = ${companyId}
    where d.company_id = ${companyId} and d.kind = 'finished'
      and d.day >= ${first}::date and d.day < ${after}::date
    group by u.id, u.name
    having sum(d.rows) <> 0
    order by quantidade desc, u.name, u.id`);
  return { data, count: data.reduce((sum, row) => sum + row.quantidade, 0) };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export async function ticketsByDay(
  db: Queryable,
  companyId: number,
  period: Period,
): Promise<TicketsByDay> {
  const hourly = period.days === 1;
  const step = hourly ? HOUR_MS : DAY_MS;
  // The bucket is counted from the period's start in whole steps: no time zone setting of
  // the database session can shift it. Days come from the per-day summary (UTC days, like
  // the period); hours from the attendances of that one day.
  const { first, after } = daysOf(period);
  const rows = await db.query<{ bucket: number; total: number }>(
    hourly
      ? sql`
        select floor(extract(epoch from s.created_at - ${period.from}::timestamptz) * 1000
                     / ${step})::int as bucket,
               count(*)::int as total
        from ticket_tracking s
        where company_id = ${companyId} and created_at >= ${period.from}::timestamptz
          and created_at < ${period.to}::timestamptz
        group by 1`
      : sql`
        select day - ${first}::date as bucket, sum(rows)::int as total
        from dashboard_days
        where company_id = ${companyId} and kind = 'started'
          and day >= ${first}::date and day < ${after}::date
        group by day
        having sum(rows) <> 0`,
  );
  const totals = new Map(rows.map((row) => [row.bucket, row.total]));
  const buckets = Math.round((period.to.getTime() - period.from.getTime()) / step);
  const data: DayBucket[] = Array.from({ length: buckets }, (_, index) => {
    const start = new Date(period.from.getTime() + index * step).toISOString();
    const total = totals.get(index) ?? 0;
    return hourly ? { horario: start.slice(11, 16), total } : { data: start.slice(0, 10), total };
  });
  return { data, count: rows.reduce((sum, row) => sum + row.total, 0) };
}
