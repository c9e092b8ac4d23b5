/**
 * The sandbox API's actions (DESIGN §7): pair (the simulated QR scan), inbound (a customer
 * writes), outbound (what a customer received, with acks). Only sandbox connections of the
 * caller's own company are reachable.
 */
import type { Db } from "../../../lib/db/mod.ts";
import { AppError } from "../../../lib/http/errors.ts";
import { showConnection } from "../connections.ts";
import type { Connection } from "../connection_rows.ts";
import type { WhatsappSessions } from "../sessions.ts";
import { conversationOf, type NewInbound, storeInbound } from "./store.ts";

export interface SandboxDeps {
  db: Db;
  sessions: WhatsappSessions;
}

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

export async function sandboxOutbound(
  deps: SandboxDeps,
  companyId: number,
  id: number,
  number: string,
) {
  await sandboxConnection(deps.db, companyId, id);
  const rows = await conversationOf(deps.db, { companyId, connectionId: id }, number, "out");
  return rows.map((row) => ({
    id: row.messageId,
    body: row.body,
    ack: row.ack,
    quotedId: row.quotedId,
    media: row.media,
    isDeleted: row.deleted,
    createdAt: row.createdAt.toISOString(),
  }));
}
