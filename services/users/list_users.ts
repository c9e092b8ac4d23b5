/**
 * The two lists of a company's users: the admin's paged, searchable table (`GET /api/users`)
 * and the short list any colleague may read, e.g. to pick whom to transfer a ticket to
 * (`GET /api/users/list`).
 */
import { type Queryable, type Sql, sql } from "../../lib/db/mod.ts";
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

/** What a plain user's search of colleagues answers: names and queues only. */
export interface ColleaguePage {
  users: ColleagueName[];
  count: number;
  hasMore: boolean;
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
  options: UserSearch = {},
): Promise<UserPage> {
  // Admins search names and e-mails.
  const term = searchTerm(options);
  const filter = term === ""
    ? sql.empty
    : sql`and (strpos(lower(u.name), ${term}) > 0 or strpos(lower(u.email), ${term}) > 0)`;
  return await pageOfUsers(
    db,
    companyId,
    filter,
    options,
    (page) => queryUserViews(db, sql`select ${USER_VIEW_COLUMNS} ${page}`),
  );
}

/**
 * A page of colleagues for a plain user (the transfer dialog's search): names and queues
 * only, and the search looks at names only, so no e-mail can be seen or probed.
 */
export async function listColleaguesPage(
  db: Queryable,
  companyId: number,
  options: UserSearch = {},
): Promise<ColleaguePage> {
  const term = searchTerm(options);
  const filter = term === "" ? sql.empty : sql`and strpos(lower(u.name), ${term}) > 0`;
  return await pageOfUsers(
    db,
    companyId,
    filter,
    options,
    (page) => queryColleagueNames(db, sql`select u.id, u.name, ${QUEUES_OF_U} as queues ${page}`),
  );
}

interface UserSearch {
  searchParam?: string;
  pageNumber?: number;
}

function searchTerm(options: UserSearch): string {
  return options.searchParam?.trim().toLowerCase() ?? "";
}

async function pageOfUsers<T>(
  db: Queryable,
  companyId: number,
  filter: Sql,
  options: UserSearch,
  read: (page: Sql) => Promise<T[]>,
): Promise<{ users: T[]; count: number; hasMore: boolean }> {
  const offset = (Math.max(1, options.pageNumber ?? 1) - 1) * USERS_PAGE_SIZE;
  const [users, total] = await Promise.all([
    read(sql`from users u where u.company_id = ${companyId} ${filter}
      order by lower(u.name), u.id limit ${USERS_PAGE_SIZE} offset ${offset}`),
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
  return await queryColleagueNames(
    db,
    sql`select u.id, u.name, ${QUEUES_OF_U} as queues
      from users u where u.company_id = ${companyId}
      order by lower(u.name), u.id`,
  );
}

async function queryColleagueNames(db: Queryable, query: Sql): Promise<ColleagueName[]> {
  const rows = await db.query<Omit<ColleagueName, "queues"> & { queues: QueueChip[] | string }>(
    query,
  );
  return rows.map((row) => ({
    ...row,
    queues: typeof row.queues === "string" ? JSON.parse(row.queues) : row.queues,
  }));
}
