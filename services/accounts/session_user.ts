/**
 * The signed-in user as the browser receives it (core §3: user with company, due date and
 * settings), loaded in two queries whatever the number of settings.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { type QueueChip, QUEUES_OF_U } from "../users/user_view.ts";
import { listSettings, type SettingRow } from "./settings.ts";

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  profile: "user" | "admin";
  super: boolean;
  companyId: number;
  allTicket: "enabled" | "disabled";
  online: boolean;
  tokenVersion: number;
  /** The queues the user works in (core §3 "Session user additions"), by name. */
  queues: QueueChip[];
  company: {
    id: number;
    name: string;
    email: string | null;
    status: boolean;
    /** ISO date (YYYY-MM-DD) or null when the company has none. */
    dueDate: string | null;
    recurrence: string;
    planId: number;
    settings: SettingRow[];
  };
}

interface Row {
  id: number;
  name: string;
  email: string;
  profile: "user" | "admin";
  super: boolean;
  company_id: number;
  all_ticket: "enabled" | "disabled";
  online: boolean;
  token_version: number;
  company_name: string;
  company_email: string | null;
  company_status: boolean;
  due_date: string | null;
  recurrence: string;
  plan_id: number;
  queues: QueueChip[] | string;
}

const COLUMNS = sql`
  u.id, u.name, u.email, u.profile, u.super, u.company_id, u.all_ticket, u.online,
         u.token_version, c.name as company_name, c.email as company_email,
         c.status as company_status, to_char(c.due_date, 'YYYY-MM-DD') as due_date,
         c.recurrence, c.plan_id, ${QUEUES_OF_U} as queues`;
const FROM = sql`from users u join companies c on c.id = u.company_id`;

async function toSessionUser(db: Queryable, row: Row | undefined): Promise<SessionUser | null> {
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    profile: row.profile,
    super: row.super,
    companyId: row.company_id,
    allTicket: row.all_ticket,
    online: row.online,
    tokenVersion: row.token_version,
    // The JSON arrives parsed from one driver and as text from the other.
    queues: typeof row.queues === "string" ? JSON.parse(row.queues) : row.queues,
    company: {
      id: row.company_id,
      name: row.company_name,
      email: row.company_email,
      status: row.company_status,
      dueDate: row.due_date,
      recurrence: row.recurrence,
      planId: row.plan_id,
      settings: await listSettings(db, row.company_id),
    },
  };
}

export async function findSessionUserById(db: Queryable, id: number) {
  const row = await db.maybeOne<Row>(sql`select ${COLUMNS} ${FROM} where u.id = ${id}`);
  return await toSessionUser(db, row);
}

/** With the password hash, for sign-in only. */
export async function findLoginByEmail(db: Queryable, email: string) {
  const row = await db.maybeOne<Row & { password_hash: string }>(
    sql`select ${COLUMNS}, u.password_hash ${FROM} where lower(u.email) = lower(${email})`,
  );
  if (!row) return null;
  const user = await toSessionUser(db, row);
  return user && { user, passwordHash: row.password_hash };
}

/** What the client sees: the token version stays on the server. */
export function publicUser(user: SessionUser): Omit<SessionUser, "tokenVersion"> {
  const { tokenVersion: _hidden, ...visible } = user;
  return visible;
}
