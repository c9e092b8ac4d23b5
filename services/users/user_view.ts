/**
 * A user as the users API answers it (core §3 "User"): never the password hash nor the
 * token version. Queues come in the same query through a correlated subquery, so a page of
 * twenty users is one round trip, not twenty-one.
 */
import { type Queryable, type Sql, sql } from "../../lib/db/mod.ts";

export type Profile = "user" | "admin";
export type AllTicket = "enabled" | "disabled";

export interface QueueChip {
  id: number;
  name: string;
  color: string;
}

export interface UserView {
  id: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  allTicket: AllTicket;
  online: boolean;
  /** The default connection for tickets this user opens; null for none. */
  whatsappId: number | null;
  companyId: number;
  queues: QueueChip[];
  createdAt: string;
  updatedAt: string;
}

/**
 * What any colleague may know about a user (the short list, live events): enough to pick
 * whom to transfer a ticket to. The e-mail and the user's settings are for admins.
 */
export interface ColleagueView {
  id: number;
  name: string;
  profile: Profile;
  online: boolean;
  queues: QueueChip[];
}

export function colleagueOf(user: UserView): ColleagueView {
  const { id, name, profile, online, queues } = user;
  return { id, name, profile, online, queues };
}

/** The queues of user `u`, by name, as a JSON array (empty rather than null). */
export const QUEUES_OF_U = sql`coalesce((
    select json_agg(json_build_object('id', q.id, 'name', q.name, 'color', q.color)
                    order by lower(q.name), q.id)
    from user_queues uq join queues q on q.id = uq.queue_id
    where uq.user_id = u.id), '[]'::json)`;

/** The select list of a `UserView` over `users u`. */
export const USER_VIEW_COLUMNS = sql`
  u.id, u.name, u.email, u.profile, u.super, u.all_ticket as "allTicket", u.online,
  u.whatsapp_id as "whatsappId", u.company_id as "companyId", ${QUEUES_OF_U} as queues,
  u.created_at as "createdAt", u.updated_at as "updatedAt"`;

type UserRow = Omit<UserView, "createdAt" | "updatedAt" | "queues"> & {
  queues: QueueChip[] | string;
  createdAt: Date;
  updatedAt: Date;
};

/** Dates as ISO text, and the queues parsed whichever way the driver handed the JSON over. */
export function toUserView(row: UserRow): UserView {
  return {
    ...row,
    queues: typeof row.queues === "string" ? JSON.parse(row.queues) : row.queues,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One user of one company, or undefined: an id of another company is simply not found. */
export async function findUserView(
  db: Queryable,
  companyId: number,
  userId: number,
): Promise<UserView | undefined> {
  const row = await db.maybeOne<UserRow>(sql`
    select ${USER_VIEW_COLUMNS} from users u
    where u.company_id = ${companyId} and u.id = ${userId}`);
  return row && toUserView(row);
}

/** Runs a query whose select list is `USER_VIEW_COLUMNS`. */
export async function queryUserViews(db: Queryable, query: Sql): Promise<UserView[]> {
  return (await db.query<UserRow>(query)).map(toUserView);
}
