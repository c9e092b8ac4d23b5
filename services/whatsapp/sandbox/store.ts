/** The sandbox phone's conversations (`sandbox_messages`): what customers wrote and received. */
import { type Queryable, sql } from "../../../lib/db/mod.ts";
import type { Ack, Location, MediaKind } from "../provider.ts";

export interface SandboxRow {
  messageId: string;
  number: string;
  name: string;
  direction: "in" | "out";
  body: string;
  media: { kind: MediaKind; mimetype: string; fileName: string | null; size: number } | null;
  quotedId: string | null;
  location: Location | null;
  vcard: string | null;
  ack: Ack;
  deleted: boolean;
  createdAt: Date;
}

interface RawRow extends Omit<SandboxRow, "media" | "location" | "createdAt"> {
  mediaKind: MediaKind | null;
  mediaMimetype: string | null;
  mediaFileName: string | null;
  mediaSize: number | null;
  location: Location | string | null;
  createdAt: Date | string;
}

const COLUMNS = sql`message_id as "messageId", number, name, direction, body,
  media_kind as "mediaKind", media_mimetype as "mediaMimetype",
  media_file_name as "mediaFileName", octet_length(media_data) as "mediaSize",
  quoted_id as "quotedId", location, vcard, ack, deleted, created_at as "createdAt"`;

function fromRaw(raw: RawRow): SandboxRow {
  const { mediaKind, mediaMimetype, mediaFileName, mediaSize, ...rest } = raw;
  return {
    ...rest,
    location: typeof raw.location === "string" ? JSON.parse(raw.location) : raw.location,
    media: mediaKind
      ? {
        kind: mediaKind,
        mimetype: mediaMimetype ?? "application/octet-stream",
        fileName: mediaFileName,
        size: mediaSize ?? 0,
      }
      : null,
    createdAt: new Date(raw.createdAt),
  };
}

type Where = { companyId: number; connectionId: number };

export async function loadSandboxMessage(
  db: Queryable,
  where: Where,
  messageId: string,
): Promise<SandboxRow | undefined> {
  const raw = await db.maybeOne<RawRow>(sql`select ${COLUMNS} from sandbox_messages
    where company_id = ${where.companyId} and whatsapp_id = ${where.connectionId}
      and message_id = ${messageId}`);
  return raw && fromRaw(raw);
}

/** One simulated customer's conversation, oldest first (the last `limit` messages). */
export async function conversationOf(
  db: Queryable,
  where: Where,
  number: string,
  direction?: "in" | "out",
  limit = 200,
): Promise<SandboxRow[]> {
  const rows = await db.query<RawRow>(sql`
    select * from (
      select id, ${COLUMNS} from sandbox_messages
      where company_id = ${where.companyId} and whatsapp_id = ${where.connectionId}
        and number = ${number} ${direction ? sql`and direction = ${direction}` : sql.empty}
      order by id desc limit ${limit}) recent
    order by id`);
  return rows.map(fromRaw);
}

export interface NewInbound {
  number: string;
  name: string;
  body: string;
  quotedId?: string;
  media?: { kind: MediaKind; mimetype: string; fileName: string; data: Uint8Array };
  location?: Location;
  vcard?: string;
}

/** Writes a customer's message; answers its WhatsApp-like id. */
export async function storeInbound(
  db: Queryable,
  where: Where,
  message: NewInbound,
): Promise<string> {
  const messageId = `SANDBOX-IN-${crypto.randomUUID()}`;
  await db.run(sql`
    insert into sandbox_messages (company_id, whatsapp_id, message_id, number, name, direction,
      body, media_kind, media_mimetype, media_file_name, media_data, quoted_id, location, vcard)
    values (${where.companyId}, ${where.connectionId}, ${messageId}, ${message.number},
      ${message.name}, 'in', ${message.body}, ${message.media?.kind ?? null},
      ${message.media?.mimetype ?? null}, ${message.media?.fileName ?? null},
      ${message.media?.data ?? null}, ${message.quotedId ?? null},
      ${message.location ? JSON.stringify(message.location) : null}::text::jsonb,
      ${message.vcard ?? null})`);
  return messageId;
}

export interface SandboxCustomer {
  number: string;
  /** The last name the customer gave, or "". */
  name: string;
  lastBody: string;
  lastAt: Date;
}

/** The simulated customers of a connection, the latest conversation first. */
export async function customersOf(
  db: Queryable,
  where: Where,
  limit = 200,
): Promise<SandboxCustomer[]> {
  const rows = await db.query<Omit<SandboxCustomer, "lastAt"> & { lastAt: Date | string }>(sql`
    select distinct on (m.number) m.number,
      coalesce((select n.name from sandbox_messages n
                where n.company_id = m.company_id and n.whatsapp_id = m.whatsapp_id
                  and n.number = m.number and n.direction = 'in' and n.name <> ''
                order by n.id desc limit 1), '') as name,
      m.body as "lastBody", m.created_at as "lastAt"
    from sandbox_messages m
    where m.company_id = ${where.companyId} and m.whatsapp_id = ${where.connectionId}
    order by m.number, m.id desc`);
  return rows
    .map((row) => ({ ...row, lastAt: new Date(row.lastAt) }))
    .sort((a, b) => b.lastAt.getTime() - a.lastAt.getTime())
    .slice(0, limit);
}
