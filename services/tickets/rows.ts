/**
 * Tickets and messages as the API and realtime events present them (core §3), and who may
 * see a ticket's events: the company's admins, its assignee, the users of its queue, and,
 * while it has no queue yet, the users with allTicket enabled.
 */
import { type Db, type Queryable, type Sql, sql } from "../../lib/db/mod.ts";
import { USER_ROOM_PREFIX } from "../../lib/realtime/channels.ts";
import type { MediaLinks } from "../../lib/media/signed_url.ts";
import type { Hub } from "../../lib/realtime/mod.ts";

export interface TicketContact {
  id: number;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string;
}

export interface TicketTag {
  id: number;
  name: string;
  color: string;
}

export interface Ticket {
  id: number;
  uuid: string;
  status: "pending" | "open" | "closed";
  contactId: number;
  contact: TicketContact;
  whatsappId: number | null;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
  chatbot: boolean;
  lastMessage: string;
  unreadMessages: number;
  /** What the ticket card shows beside the contact (core §2). */
  user: { id: number; name: string } | null;
  queue: { id: number; name: string; color: string } | null;
  whatsapp: { id: number; name: string } | null;
  tags: TicketTag[];
  createdAt: string;
  updatedAt: string;
}

export interface Message {
  id: number;
  ticketId: number;
  contactId: number | null;
  wid: string;
  body: string;
  fromMe: boolean;
  read: boolean;
  ack: number;
  mediaType: string;
  mediaUrl: string | null;
  mediaName: string | null;
  quotedWid: string | null;
  data: unknown;
  isDeleted: boolean;
  isEdited: boolean;
  createdAt: string;
  /** Given with a page of messages; events leave it out. */
  quotedMsg?: QuotedMessage | null;
  /** Who wrote it (core §3 "Message"), null for ours; given with a page of messages. */
  contact?: TicketContact | null;
}

/** What a reply shows of the message it quotes. */
export interface QuotedMessage {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: string;
}

export const TICKET_COLUMNS = sql`
  t.id, t.uuid::text as uuid, t.status, t.contact_id, t.whatsapp_id, t.user_id, t.queue_id,
  t.is_group, t.chatbot, t.last_message, t.unread_messages, t.created_at, t.updated_at,
  c.name as contact_name, c.number as contact_number, c.email as contact_email,
  c.profile_pic_url as contact_pic,
  u.name as user_name, q.name as queue_name, q.color as queue_color, w.name as whatsapp_name,
  (select coalesce(json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color)
                            order by lower(g.name)), '[]'::json)
   from ticket_tags tt join tags g on g.id = tt.tag_id where tt.ticket_id = t.id) as tags`;

/**
 * `from` a ticket with what its card shows; pair with TICKET_COLUMNS. `tickets` may be
 * another relation with the tickets' columns, e.g. a CTE's `update … returning *`.
 */
export function ticketFrom(tickets: Sql = sql`tickets`): Sql {
  return sql`
  ${tickets} t join contacts c on c.id = t.contact_id
  left join users u on u.id = t.user_id
  left join queues q on q.id = t.queue_id
  left join whatsapps w on w.id = t.whatsapp_id`;
}
export const TICKET_FROM = ticketFrom();

// deno-lint-ignore no-explicit-any
type Row = Record<string, any>;

const iso = (value: unknown) => new Date(value as string).toISOString();

export function presentTicket(row: Row): Ticket {
  return {
    id: row.id,
    uuid: row.uuid,
    status: row.status,
    contactId: row.contact_id,
    contact: {
      id: row.contact_id,
      name: row.contact_name,
      number: row.contact_number,
      email: row.contact_email ?? "",
      profilePicUrl: row.contact_pic ?? "",
    },
    whatsappId: row.whatsapp_id,
    userId: row.user_id,
    queueId: row.queue_id,
    isGroup: row.is_group,
    chatbot: row.chatbot,
    lastMessage: row.last_message,
    unreadMessages: row.unread_messages,
    user: row.user_id ? { id: row.user_id, name: row.user_name } : null,
    queue: row.queue_id ? { id: row.queue_id, name: row.queue_name, color: row.queue_color } : null,
    whatsapp: row.whatsapp_id ? { id: row.whatsapp_id, name: row.whatsapp_name } : null,
    tags: typeof row.tags === "string" ? JSON.parse(row.tags) : row.tags ?? [],
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/**
 * `links` signs the media address (absolute, from PUBLIC_URL, usable in an `<img>` without a
 * header); without it the address is the session-only path.
 */
export function presentMessage(row: Row, links?: MediaLinks): Message {
  return {
    id: row.id,
    ticketId: row.ticket_id,
    contactId: row.contact_id,
    wid: row.wid,
    body: row.body,
    fromMe: row.from_me,
    read: row.read,
    ack: row.ack,
    mediaType: row.media_type,
    // Served only to signed-in users of the company (routes/api/media.ts), or signed.
    mediaUrl: row.media_path ? links?.url(row.media_path) ?? `/api/media/${row.media_path}` : null,
    mediaName: row.media_name,
    quotedWid: row.quoted_wid,
    data: row.data ?? null,
    isDeleted: row.is_deleted,
    isEdited: row.is_edited,
    createdAt: iso(row.created_at),
  };
}

export async function findTicketRow(db: Queryable, companyId: number, id: number) {
  return await db.maybeOne<Row>(sql`
    select ${TICKET_COLUMNS} from ${TICKET_FROM}
    where t.company_id = ${companyId} and t.id = ${id}`);
}

/** A ticket of the company as the API shows it, or undefined when there is none. */
export async function findTicket(
  db: Queryable,
  companyId: number,
  id: number,
): Promise<Ticket | undefined> {
  const row = await findTicketRow(db, companyId, id);
  return row && presentTicket(row);
}

/** A message of the company as the API shows it, or undefined when there is none. */
export async function findMessage(
  db: Queryable,
  companyId: number,
  id: number,
  links?: MediaLinks,
): Promise<Message | undefined> {
  const row = await db.maybeOne(sql`
    select * from messages where id = ${id} and company_id = ${companyId}`);
  return row && presentMessage(row, links);
}

/** What decides who sees a ticket: its company, queue and assignee. */
export interface TicketPlace {
  companyId: number;
  queueId: number | null;
  userId?: number | null;
}

/**
 * The rooms (`user-{id}`, a text[]) of exactly the users who may see a ticket of company
 * `companyId` in queue `queueId` assigned to `userId` (core §6, the same rule as the lists'
 * `visibleTo`): the admins, the assignee, and the users of its queue, or, while it has no
 * queue, the users with `allTicket` enabled. The arguments are SQL: values or columns.
 */
export function audienceSql(companyId: Sql, queueId: Sql, userId: Sql): Sql {
  return sql`(select coalesce(array_agg(${USER_ROOM_PREFIX}::text || u.id order by u.id), '{}') from users u
    where u.company_id = ${companyId}
      and (u.profile = 'admin' or u.super or u.id = ${userId}
           or case when ${queueId} is null then u.all_ticket = 'enabled'
              else exists (select 1 from user_queues uq
                           where uq.user_id = u.id and uq.queue_id = ${queueId}) end))`;
}

export async function ticketAudience(db: Queryable, place: TicketPlace): Promise<string[]> {
  const { rooms } = await db.one<{ rooms: string[] }>(
    sql`select ${
      audienceSql(
        sql`${place.companyId}::int`,
        sql`${place.queueId}::int`,
        sql`${place.userId ?? null}::int`,
      )
    } as rooms`,
  );
  return rooms;
}

/**
 * Publishes each `[channel, data]` to exactly the users who may see the ticket, with one
 * audience look-up and one notification per event whatever the audience's size.
 */
export async function publishToTicketAudience(
  deps: { db: Db; hub: Hub },
  place: TicketPlace,
  ...events: [channel: string, data: unknown][]
): Promise<void> {
  const rooms = await ticketAudience(deps.db, place);
  for (const [channel, data] of events) await deps.hub.publish(rooms, channel, data);
}
