/**
 * Reading connections: one query loads the rows and their queues (aggregated, no N+1), and
 * `presentConnection` shapes them for the browser. Credentials never leave the server; the
 * API token and the live QR are shown to admins only.
 */
import { type Queryable, type Sql, sql } from "../../lib/db/mod.ts";
import type { ConnectionStatus, ProviderName } from "./provider.ts";

export interface OpeningHours {
  weekday: string;
  weekdayEn: string;
  startTime: string;
  endTime: string;
}

export interface QueueSummary {
  id: number;
  name: string;
  color: string;
}

export interface Connection {
  id: number;
  companyId: number;
  name: string;
  status: ConnectionStatus;
  qrcode: string;
  retries: number;
  isDefault: boolean;
  provider: ProviderName;
  token: string;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresInactiveMessage: string;
  expiresTicket: number;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  timeToTransfer: number;
  transferQueueId: number | null;
  promptId: number | null;
  integrationId: number | null;
  schedules: OpeningHours[];
  timeSendQueue: number;
  sendIdQueue: number | null;
  sessionWanted: boolean;
  queues: QueueSummary[];
  createdAt: string;
  updatedAt: string;
}

/** What a caller may see of a connection. */
export type PublicConnection = Omit<Connection, "token" | "sessionWanted"> & { token?: string };

const SELECT = sql`
  select w.id, w.company_id as "companyId", w.name, w.status, w.qrcode, w.retries,
         w.is_default as "isDefault", w.provider, w.token,
         w.greeting_message as "greetingMessage", w.complation_message as "complationMessage",
         w.out_of_hours_message as "outOfHoursMessage", w.rating_message as "ratingMessage",
         w.expires_inactive_message as "expiresInactiveMessage",
         w.expires_ticket as "expiresTicket", w.time_use_bot_queues as "timeUseBotQueues",
         w.max_use_bot_queues as "maxUseBotQueues", w.time_to_transfer as "timeToTransfer",
         w.transfer_queue_id as "transferQueueId", w.prompt_id as "promptId",
         w.integration_id as "integrationId", w.schedules, w.time_send_queue as "timeSendQueue",
         w.send_id_queue as "sendIdQueue", w.session_wanted as "sessionWanted",
         coalesce((
           select json_agg(json_build_object('id', q.id, 'name', q.name, 'color', q.color)
                           order by q.order_queue nulls last, q.name)
           from whatsapp_queues wq join queues q on q.id = wq.queue_id
           where wq.company_id = w.company_id and wq.whatsapp_id = w.id
         ), '[]') as queues,
         w.created_at as "createdAt", w.updated_at as "updatedAt"
  from whatsapps w`;

type Row = Omit<Connection, "createdAt" | "updatedAt" | "queues" | "schedules"> & {
  createdAt: Date | string;
  updatedAt: Date | string;
  queues: QueueSummary[] | string;
  schedules: OpeningHours[] | string;
};

function fromRow(row: Row): Connection {
  return {
    ...row,
    // json columns come back parsed from one driver and as text from the other.
    queues: typeof row.queues === "string" ? JSON.parse(row.queues) : row.queues,
    schedules: typeof row.schedules === "string" ? JSON.parse(row.schedules) : row.schedules,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

async function select(db: Queryable, where: Sql): Promise<Connection[]> {
  const rows = await db.query<Row>(sql`${SELECT} where ${where} order by w.name, w.id`);
  return rows.map(fromRow);
}

export function listConnectionRows(db: Queryable, companyId: number): Promise<Connection[]> {
  return select(db, sql`w.company_id = ${companyId}`);
}

/** One connection of this company, or undefined (another company's id is just not found). */
export async function findConnection(
  db: Queryable,
  companyId: number,
  id: number,
): Promise<Connection | undefined> {
  const [row] = await select(db, sql`w.company_id = ${companyId} and w.id = ${id}`);
  return row;
}

/** For the session machinery, which starts from a connection id it already trusts. */
export async function findConnectionById(
  db: Queryable,
  id: number,
): Promise<Connection | undefined> {
  const [row] = await select(db, sql`w.id = ${id}`);
  return row;
}

export function presentConnection(
  connection: Connection,
  viewer: { admin: boolean },
): PublicConnection {
  const { token, sessionWanted: _wanted, ...rest } = connection;
  if (viewer.admin) return { ...rest, token };
  // Plain users need names and statuses (to pick a connection), not the means to pair a
  // phone or to call the integrators' API.
  return { ...rest, qrcode: "" };
}
