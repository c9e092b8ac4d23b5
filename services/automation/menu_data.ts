/**
 * What the chatbot offers: a connection's queues in the menu's order (admin §3 orderQueue),
 * and a queue's options tree, read whole (a tree is small) and walked in memory.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import type { OpeningHoursDay } from "../companies/weekdays.ts";
import type { MenuChoice } from "./menus.ts";

export interface BotQueue extends MenuChoice {
  id: number;
  greetingMessage: string;
  outOfHoursMessage: string;
  media: { path: string; name: string } | null;
  schedules: OpeningHoursDay[];
}

export interface BotOption extends MenuChoice {
  id: number;
  parentId: number | null;
  message: string;
  media: { path: string; name: string } | null;
  forwardQueueId: number | null;
  /** "billing": the "segunda via" leaf (services/automation/billing_turn.ts). */
  kind: string;
}

const mediaOf = (path: string | null, name: string | null) =>
  path ? { path, name: name ?? path.split("/").pop()! } : null;

interface QueueRow {
  id: number;
  name: string;
  greeting_message: string | null;
  out_of_hours_message: string | null;
  media_path: string | null;
  media_name: string | null;
  schedules: OpeningHoursDay[] | null;
}

const QUEUE_COLUMNS = sql`q.id, q.name, q.greeting_message, q.out_of_hours_message,
  q.media_path, q.media_name, q.schedules`;

function botQueueOf(row: QueueRow, key: string): BotQueue {
  return {
    id: row.id,
    key,
    title: row.name,
    greetingMessage: row.greeting_message ?? "",
    outOfHoursMessage: row.out_of_hours_message ?? "",
    media: mediaOf(row.media_path, row.media_name),
    schedules: row.schedules ?? [],
  };
}

/** The connection's queues, numbered 1, 2… in the menu's order. */
export async function connectionQueues(
  db: Queryable,
  companyId: number,
  connectionId: number,
): Promise<BotQueue[]> {
  const rows = await db.query<QueueRow>(sql`
    select ${QUEUE_COLUMNS}
    from whatsapp_queues wq join queues q on q.id = wq.queue_id
    where wq.company_id = ${companyId} and wq.whatsapp_id = ${connectionId}
    order by q.order_queue nulls last, lower(q.name), q.id`);
  return rows.map((row, index) => botQueueOf(row, String(index + 1)));
}

/** One queue as the chatbot needs it (the one a ticket is in). */
export async function botQueue(
  db: Queryable,
  companyId: number,
  queueId: number,
): Promise<BotQueue | undefined> {
  const row = await db.maybeOne<QueueRow>(sql`
    select ${QUEUE_COLUMNS} from queues q where q.company_id = ${companyId} and q.id = ${queueId}`);
  return row ? botQueueOf(row, "") : undefined;
}

/** Every option of the queue; each level keeps its order (by typed key, then creation). */
export async function queueTree(
  db: Queryable,
  companyId: number,
  queueId: number,
): Promise<BotOption[]> {
  const rows = await db.query<{
    id: number;
    parent_id: number | null;
    option: string;
    title: string;
    message: string;
    media_path: string | null;
    media_name: string | null;
    forward_queue_id: number | null;
    kind: string;
  }>(sql`
    select id, parent_id, option, title, message, media_path, media_name, forward_queue_id, kind
    from queue_options where company_id = ${companyId} and queue_id = ${queueId}
    order by id`);
  const options = rows.map((row) => ({
    id: row.id,
    parentId: row.parent_id,
    key: row.option.trim(),
    title: row.title,
    message: row.message,
    media: mediaOf(row.media_path, row.media_name),
    forwardQueueId: row.forward_queue_id,
    kind: row.kind,
  }));
  return options;
}

/** The children of `parentId` (null: the top level), keyed by what the customer types. */
export function childrenOf(tree: readonly BotOption[], parentId: number | null): BotOption[] {
  const level = tree.filter((option) => option.parentId === parentId);
  // An option saved without a key is chosen by its position.
  const keyed = level.map((option, index) => ({ ...option, key: option.key || String(index + 1) }));
  return keyed.sort((a, b) => compareKeys(a.key, b.key) || a.id - b.id);
}

function compareKeys(a: string, b: string): number {
  const [x, y] = [Number(a), Number(b)];
  if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
  return a.localeCompare(b);
}
