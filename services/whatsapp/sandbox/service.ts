/**
 * The sandbox API's actions (DESIGN §7): pair (the simulated QR scan), inbound (a customer
 * writes), outbound (what a customer received, with acks). Only sandbox connections of the
 * caller's own company are reachable.
 */
import type { Db } from "../../../lib/db/mod.ts";
import { AppError } from "../../../lib/http/errors.ts";
import { showConnection } from "../connections.ts";
import type { Connection } from "../connection_rows.ts";
import type { ServiceDeps } from "../../deps.ts";
import {
  conversationOf,
  customersOf,
  type NewInbound,
  type SandboxRow,
  storeInbound,
} from "./store.ts";

export type SandboxDeps = Pick<ServiceDeps, "db" | "sessions">;

async function sandboxConnection(db: Db, companyId: number, id: number): Promise<Connection> {
  const connection = await showConnection(db, companyId, id);
  if (connection.provider !== "sandbox") throw new AppError("ERR_NOT_SANDBOX_CONNECTION", 400);
  return connection;
}

export async function pairSandbox(deps: SandboxDeps, companyId: number, id: number) {
  const connection = await sandboxConnection(deps.db, companyId, id);
  if (connection.status !== "qrcode") throw new AppError("ERR_WAPP_NOT_INITIALIZED", 409);
  await deps.sessions.sandbox(id, { kind: "pair" });
}

export async function sandboxInbound(
  deps: SandboxDeps,
  companyId: number,
  id: number,
  message: NewInbound,
): Promise<{ id: string }> {
  const connection = await sandboxConnection(deps.db, companyId, id);
  if (connection.status !== "CONNECTED") throw new AppError("ERR_WAPP_NOT_INITIALIZED", 409);
  const messageId = await storeInbound(deps.db, { companyId, connectionId: id }, message);
  await deps.sessions.sandbox(id, { kind: "deliver", messageId });
  return { id: messageId };
}

/** A simulated customer calls; what Balcão does about it arrives like any call's outcome. */
export async function sandboxCall(
  deps: SandboxDeps,
  companyId: number,
  id: number,
  call: { number: string; name: string; isVideo: boolean },
): Promise<{ ringing: true }> {
  const connection = await sandboxConnection(deps.db, companyId, id);
  if (connection.status !== "CONNECTED") throw new AppError("ERR_WAPP_NOT_INITIALIZED", 409);
  await deps.sessions.sandbox(id, { kind: "call", ...call });
  return { ringing: true };
}

export async function sandboxOutbound(
  deps: SandboxDeps,
  companyId: number,
  id: number,
  number: string,
) {
  await sandboxConnection(deps.db, companyId, id);
  const rows = await conversationOf(deps.db, { companyId, connectionId: id }, number, "out");
  return rows.map((row) => {
    const { direction: _d, location: _l, vcard: _v, name: _n, ...shown } = present(row);
    return shown;
  });
}

/** A sandbox message as the simulator and the API show it. */
function present(row: SandboxRow) {
  return {
    id: row.messageId,
    direction: row.direction,
    name: row.name,
    body: row.body,
    ack: row.ack,
    quotedId: row.quotedId,
    media: row.media,
    location: row.location,
    vcard: row.vcard,
    isDeleted: row.deleted,
    createdAt: row.createdAt.toISOString(),
  };
}

export type SandboxMessageView = ReturnType<typeof present>;

/** One simulated customer's whole conversation, both ways, oldest first (the simulator). */
export async function sandboxConversation(
  deps: SandboxDeps,
  companyId: number,
  id: number,
  number: string,
): Promise<SandboxMessageView[]> {
  await sandboxConnection(deps.db, companyId, id);
  const rows = await conversationOf(deps.db, { companyId, connectionId: id }, number);
  return rows.map(present);
}

/** The customers played on a sandbox connection, the latest conversation first. */
export async function sandboxCustomers(deps: SandboxDeps, companyId: number, id: number) {
  await sandboxConnection(deps.db, companyId, id);
  const rows = await customersOf(deps.db, { companyId, connectionId: id });
  return rows.map((row) => ({ ...row, lastAt: row.lastAt.toISOString() }));
}
