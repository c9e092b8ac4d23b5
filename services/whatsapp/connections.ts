/**
 * Connections of a company (core §3, §7): list, show, create, update, delete, with the rules
 * the screen relies on: the plan's connection limit, exactly one default connection, a
 * greeting when a connection serves more than one queue, names unique per company, queues
 * from the same company, and a random API token. Changes are announced on
 * `company-{id}-whatsapp`. Every function takes the company from the authenticated caller.
 */
import { randomBytes } from "node:crypto";
import { type Db, type Queryable, type Sql, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { channels, rooms } from "../../lib/realtime/channels.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import {
  type Connection,
  findConnection,
  listConnectionRows,
  presentConnection,
} from "./connection_rows.ts";
import { assertQueueLinks } from "../queues/links.ts";
import type { CreateConnectionInput, UpdateConnectionInput } from "./connection_input.ts";

/**
 * The part of ServiceDeps (services/deps.ts) this file uses, spelled out rather than picked:
 * ServiceDeps names WhatsappSessions, whose module imports this one, and a Pick here would
 * make that a type import cycle. A ServiceDeps fits it as it is.
 */
export interface ConnectionDeps {
  db: Db;
  hub: Hub;
  /** Stops a connection's session before it is deleted (see sessions.ts). */
  stopSession?: (companyId: number, whatsappId: number) => Promise<void>;
}

/** A fresh integrators' API token: 32 random bytes, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

export function listConnections(db: Queryable, companyId: number): Promise<Connection[]> {
  return listConnectionRows(db, companyId);
}

export async function showConnection(
  db: Queryable,
  companyId: number,
  id: number,
): Promise<Connection> {
  const connection = await findConnection(db, companyId, id);
  if (!connection) throw new AppError("ERR_NO_WAPP_FOUND", 404);
  return connection;
}

/** The company's default connection (tickets and the API fall back to it). */
export async function defaultConnection(db: Queryable, companyId: number): Promise<Connection> {
  const row = await db.maybeOne<{ id: number }>(
    sql`select id from whatsapps where company_id = ${companyId} and is_default`,
  );
  const connection = row && await findConnection(db, companyId, row.id);
  if (!connection) throw new AppError("ERR_NO_DEF_WAPP_FOUND", 404);
  return connection;
}

/** Announces a changed connection to the company's sockets (never with its token). */
export async function announceConnection(hub: Hub, connection: Connection) {
  await hub.publish(
    rooms.company(connection.companyId),
    channels.whatsapp(connection.companyId),
    {
      action: "update",
      whatsapp: presentConnection(connection, { admin: false }),
    },
  );
}

/** Serialises every change to a company's connections (limit, default, names). */
async function lockCompany(tx: Queryable, companyId: number): Promise<{ limit: number }> {
  const row = await tx.maybeOne<{ limit: number }>(sql`
    select p.connections as "limit" from companies c join plans p on p.id = c.plan_id
    where c.id = ${companyId} for update of c`);
  if (!row) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
  return row;
}

async function assertNameFree(tx: Queryable, companyId: number, name: string, exceptId = 0) {
  const taken = await tx.maybeOne(sql`
    select 1 from whatsapps
    where company_id = ${companyId} and lower(name) = lower(${name}) and id <> ${exceptId}`);
  if (taken) throw new AppError("ERR_WAPP_NAME_ALREADY_EXISTS", 409);
}

/** Every queue the input names (served, transfer, redirection) must be this company's. */
async function assertOwnQueues(
  tx: Queryable,
  companyId: number,
  input: { queueIds?: number[]; transferQueueId?: number | null; sendIdQueue?: number | null },
) {
  const ids = [...(input.queueIds ?? []), input.transferQueueId, input.sendIdQueue];
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === "number"))];
  if (wanted.length === 0) return;
  const found = await tx.query<{ id: number }>(
    sql`select id from queues where company_id = ${companyId} and id = any(${wanted}::int[])`,
  );
  if (found.length !== wanted.length) throw new AppError("ERR_WAPP_INVALID_QUEUE", 400);
}

function assertGreeting(queueCount: number, greeting: string) {
  if (queueCount > 1 && greeting.trim() === "") {
    throw new AppError("ERR_WAPP_GREETING_REQUIRED", 400);
  }
}

async function replaceQueues(tx: Queryable, companyId: number, whatsappId: number, ids: number[]) {
  await tx.run(sql`delete from whatsapp_queues
                   where company_id = ${companyId} and whatsapp_id = ${whatsappId}`);
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  await tx.run(sql`insert into whatsapp_queues (company_id, whatsapp_id, queue_id)
                   select ${companyId}, ${whatsappId}, unnest(${unique}::int[])`);
}

/** Input field → column, for the plain columns an update may set. */
const COLUMNS: Record<string, string> = {
  name: "name",
  provider: "provider",
  greetingMessage: "greeting_message",
  complationMessage: "complation_message",
  outOfHoursMessage: "out_of_hours_message",
  ratingMessage: "rating_message",
  expiresInactiveMessage: "expires_inactive_message",
  expiresTicket: "expires_ticket",
  timeUseBotQueues: "time_use_bot_queues",
  maxUseBotQueues: "max_use_bot_queues",
  timeToTransfer: "time_to_transfer",
  transferQueueId: "transfer_queue_id",
  promptId: "prompt_id",
  integrationId: "integration_id",
  timeSendQueue: "time_send_queue",
  sendIdQueue: "send_id_queue",
};

function assignments(input: Record<string, unknown>): Sql[] {
  const parts: Sql[] = [];
  for (const [field, column] of Object.entries(COLUMNS)) {
    if (input[field] !== undefined) parts.push(sql`${sql.ident(column)} = ${input[field]}`);
  }
  if (input.schedules !== undefined) {
    parts.push(sql`schedules = ${JSON.stringify(input.schedules)}::text::jsonb`);
  }
  return parts;
}

export async function createConnection(
  deps: ConnectionDeps,
  companyId: number,
  input: CreateConnectionInput,
): Promise<Connection> {
  const connection = await deps.db.transaction(async (tx) => {
    const { limit } = await lockCompany(tx, companyId);
    const count = await tx.one<{ n: number }>(
      sql`select count(*)::int as n from whatsapps where company_id = ${companyId}`,
    );
    if (count.n >= limit) throw new AppError("ERR_CONNECTION_LIMIT_REACHED", 403, { limit });
    await assertNameFree(tx, companyId, input.name);
    await assertQueueLinks(tx, companyId, input);
    const queueIds = input.queueIds ?? [];
    await assertOwnQueues(tx, companyId, input);
    assertGreeting(new Set(queueIds).size, input.greetingMessage ?? "");
    // The first connection is the default whatever was asked; a new default replaces the old.
    const isDefault = count.n === 0 || input.isDefault === true;
    if (isDefault) {
      await tx.run(sql`update whatsapps set is_default = false, updated_at = now()
                       where company_id = ${companyId} and is_default`);
    }
    const { id } = await tx.one<{ id: number }>(sql`
      insert into whatsapps (company_id, name, token, is_default)
      values (${companyId}, ${input.name}, ${generateToken()}, ${isDefault})
      returning id`);
    const set = assignments({ ...input, name: undefined });
    if (set.length > 0) {
      await tx.run(sql`update whatsapps set ${sql.join(set)} where id = ${id}`);
    }
    await replaceQueues(tx, companyId, id, queueIds);
    return (await findConnection(tx, companyId, id))!;
  });
  await announceConnection(deps.hub, connection);
  return connection;
}

export async function updateConnection(
  deps: ConnectionDeps,
  companyId: number,
  id: number,
  input: UpdateConnectionInput,
): Promise<Connection> {
  const connection = await deps.db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const current = await showConnection(tx, companyId, id);
    if (input.name !== undefined) await assertNameFree(tx, companyId, input.name, id);
    await assertOwnQueues(tx, companyId, input);
    await assertQueueLinks(tx, companyId, input);
    const queueCount = input.queueIds ? new Set(input.queueIds).size : current.queues.length;
    assertGreeting(queueCount, input.greetingMessage ?? current.greetingMessage);
    if (input.isDefault === false && current.isDefault) {
      // The default moves by making another connection the default, never by unsetting it.
      throw new AppError("ERR_NO_OTHER_WHATSAPP", 400);
    }
    if (input.isDefault === true && !current.isDefault) {
      await tx.run(sql`update whatsapps set is_default = false, updated_at = now()
                       where company_id = ${companyId} and is_default`);
      await tx.run(sql`update whatsapps set is_default = true where id = ${id}`);
    }
    const set = assignments(input);
    if (input.renewToken) set.push(sql`token = ${generateToken()}`);
    set.push(sql`updated_at = now()`);
    await tx.run(sql`update whatsapps set ${sql.join(set)}
                     where company_id = ${companyId} and id = ${id}`);
    if (input.queueIds) await replaceQueues(tx, companyId, id, input.queueIds);
    return (await findConnection(tx, companyId, id))!;
  });
  await announceConnection(deps.hub, connection);
  return connection;
}

export async function deleteConnection(
  deps: ConnectionDeps,
  companyId: number,
  id: number,
): Promise<void> {
  const current = await showConnection(deps.db, companyId, id);
  await deps.db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const others = await tx.one<{ n: number }>(sql`
      select count(*)::int as n from whatsapps where company_id = ${companyId} and id <> ${id}`);
    // Deleting the default while others remain would leave the company without one: the
    // admin first chooses which connection becomes the default.
    if (current.isDefault && others.n > 0) throw new AppError("ERR_NO_OTHER_WHATSAPP", 400);
  });
  await deps.stopSession?.(companyId, id);
  await deps.db.run(sql`delete from whatsapps where company_id = ${companyId} and id = ${id}`);
  await deps.hub.publish(rooms.company(companyId), channels.whatsapp(companyId), {
    action: "delete",
    whatsappId: id,
  });
}
