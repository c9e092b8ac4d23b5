/**
 * The two lists of a company's users: the admin's paged, searchable table (`GET /api/users`)
 * and the short list any colleague may read, e.g. to pick whom to transfer a ticket to
 * (`GET /api/users/list`).
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { isAdmin } from "../accounts/permissions.ts";
import {
  queryUserViews,
  type QueueChip,
  QUEUES_OF_U,
  USER_VIEW_COLUMNS,
  type UserView,
} from "./user_view.ts";

export const USERS_PAGE_SIZE = 20;

/** A colleague as a plain user sees them in the short list. */
export interface ColleagueName {
  id: number;
  name: string;
  queues: QueueChip[];
}

export interface UserPage {
  users: UserView[];
  /** How many users match the search, over all pages. */
  count: number;
  hasMore: boolean;
}

/**
 * A page of the company's users by name (case-insensitive), then id, the order of the
 * `users_company_name` index. The search matches part of the name or of the e-mail, in any
 * case; it is compared with `strpos`, so `%` and `_` typed by the user are plain characters.
 */
export async function listUsers(
  db: Queryable,
  companyId: number,
  options: { searchParam?: string; pageNumber?: number } = {},
): Promise<UserPage> {
  const pageNumber = Math.max(1, options.pageNumber ?? 1);
  const term = options.searchParam?.trim().toLowerCase() ?? "";
  const filter = term === "" ? sql.empty : sql`and (strpos(lower(u.name), ${term}) > 0
    or strpos(lower(u.email), ${term}) > 0)`;
  const offset = (pageNumber - 1) * USERS_PAGE_SIZE;
  const [users, total] = await Promise.all([
    queryUserViews(
      db,
      sql`select ${USER_VIEW_COLUMNS} from users u
        where u.company_id = ${companyId} ${filter}
        order by lower(u.name), u.id
        limit ${USERS_PAGE_SIZE} offset ${offset}`,
    ),
    db.one<{ count: number }>(
      sql`select count(*) as count from users u where u.company_id = ${companyId} ${filter}`,
    ),
  ]);
  return { users, count: total.count, hasMore: offset + users.length < total.count };
}

/**
 * Who works here, by name: for a plain user only what the transfer dialog needs to pick a
 * colleague (id, name, queues; not e-mails nor profiles); for admins the full users.
 */
export async function listColleagues(
  db: Queryable,
  viewer: { companyId: number; profile: "user" | "admin"; super: boolean },
): Promise<ColleagueName[] | UserView[]> {
  if (!isAdmin(viewer)) return await listColleagueNames(db, viewer.companyId);
  return await queryUserViews(
    db,
    sql`select ${USER_VIEW_COLUMNS} from users u where u.company_id = ${viewer.companyId}
      order by lower(u.name), u.id`,
  );
}

export async function listColleagueNames(
  db: Queryable,
  companyId: number,
): Promise<ColleagueName[]> {
  const rows = await db.query<Omit<ColleagueName, "queues"> & { queues: QueueChip[] | string }>(
    sql`select u.id, u.name, ${QUEUES_OF_U} as queues
      from users u where u.company_id = ${companyId}
      order by lower(u.name), u.id`,
  );
  return rows.map((row) => ({
    ...row,
    queues: typeof row.queues === "string" ? JSON.parse(row.queues) : row.queues,
  }));
}
