/** What the home page tells an admin about their company: plan, limits and team size. */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";

export interface CompanyOverview {
  planName: string;
  /** The plan's limits; 0 means the plan sets none. */
  limits: { users: number; connections: number; queues: number };
  users: number;
  admins: number;
}

export async function companyOverview(db: Queryable, companyId: number): Promise<CompanyOverview> {
  const row = await db.maybeOne<{
    plan_name: string;
    max_users: number;
    max_connections: number;
    max_queues: number;
    users: number;
    admins: number;
  }>(sql`
    select p.name as plan_name, p.users as max_users, p.connections as max_connections,
           p.queues as max_queues,
           (select count(*)::int from users u where u.company_id = c.id) as users,
           (select count(*)::int from users u
             where u.company_id = c.id and u.profile = 'admin') as admins
    from companies c join plans p on p.id = c.plan_id
    where c.id = ${companyId}`);
  if (!row) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
  return {
    planName: row.plan_name,
    limits: { users: row.max_users, connections: row.max_connections, queues: row.max_queues },
    users: row.users,
    admins: row.admins,
  };
}
