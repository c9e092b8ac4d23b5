/**
 * The inbound pipeline (core §4, DESIGN §7): what a WhatsApp provider reports becomes
 * contacts, tickets and messages, pushed live to the users allowed to see them.
 *
 *   message → contact (by number or LID) → the contact's ticket in progress on this
 *   connection, or a new pending one → the message, stored once per WhatsApp id → unread
 *   count and last message → `company-{id}-appMessage` and `company-{id}-ticket`.
 *
 * Every step is safe to run twice or at the same time: the database's unique indexes (one
 * ticket in progress per contact and connection, one message per WhatsApp id) decide, so
 * concurrent messages of a new customer never make two tickets and a repeated event never
 * makes two messages (the original's duplicate tickets and lost messages).
 */
import { type Db, type Queryable, sql } from "../../lib/db/mod.ts";
import { uniqueViolation } from "../../lib/db/errors.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import type { ContactIdentity, IncomingMessage, ProviderEvent } from "../whatsapp/provider.ts";
import { rememberPhoneContact } from "../contacts/phone_book.ts";
import { saveIncomingMedia } from "./incoming_media.ts";
import {
  findTicketRow,
  presentMessage,
  presentTicket,
  publishToTicketAudience,
  type Ticket,
} from "./rows.ts";

export interface InboundDeps {
  db: Db;
  hub?: Hub;
  /** Where media files go (`DATA_DIR`). */
  dataDir: string;
}

interface ContactRow {
  id: number;
  name: string;
  number: string;
}

/** The handler to give `WhatsappSessions.subscribe`. */
export function createInboundPipeline(deps: InboundDeps) {
  return async (event: ProviderEvent): Promise<void> => {
    switch (event.type) {
      case "message":
        await receiveMessage(deps, event.companyId, event.connectionId, event.message);
        return;
      case "ack":
        await changeMessage(
          deps,
          event.companyId,
          event.messageId,
          sql`ack = greatest(ack, ${event.ack})`,
        );
        return;
      case "delete":
        await changeMessage(deps, event.companyId, event.messageId, sql`is_deleted = true`);
        return;
      case "sendFailed":
        // Shown on the message with a retry hint; the row and its text are kept.
        await changeMessage(
          deps,
          event.companyId,
          event.messageId,
          sql`data = coalesce(data, '{}'::jsonb) || '{"sendFailed": true}'::jsonb`,
        );
        return;
      case "contact":
        // The phone's address book, for "import contacts from the phone"; the contacts
        // themselves are made only by conversations or by that import.
        await rememberPhoneContact(deps.db, event.companyId, event.connectionId, event.contact);
        return;
      case "edit":
        await changeMessage(
          deps,
          event.companyId,
          event.messageId,
          sql`body = ${event.body}, is_edited = true`,
        );
        return;
    }
  };
}

async function ignoresGroups(db: Queryable, companyId: number): Promise<boolean> {
  const row = await db.maybeOne<{ value: string }>(sql`
    select value from settings where company_id = ${companyId} and key = 'CheckMsgIsGroup'`);
  // "Ignorar mensagens de grupos": enabled unless the company turned it off.
  return (row?.value ?? "enabled") === "enabled";
}

export async function receiveMessage(
  deps: InboundDeps,
  companyId: number,
  connectionId: number,
  message: IncomingMessage,
): Promise<void> {
  // History replayed at pairing stays on the phone: Balcão starts with what arrives now.
  if (message.isHistory) return;
  if (message.chat.isGroup && await ignoresGroups(deps.db, companyId)) return;
  const { db } = deps;
  const contact = await upsertContact(db, companyId, message.chat);
  const ticketId = await ticketInProgress(db, companyId, contact.id, connectionId, message.chat);

  const media = message.media
    ? await saveIncomingMedia(deps.dataDir, companyId, message.media)
    : null;
  const kind = mediaTypeOf(message);
  const data = message.location
    ? { location: message.location }
    : message.vcards
    ? { vcards: message.vcards }
    : message.callLog
    ? { callLog: message.callLog }
    : null;
  const inserted = await db.maybeOne(sql`
    insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me,
                          read, ack, media_type, media_path, media_name, quoted_wid, data,
                          created_at)
    values (${companyId}, ${ticketId}, ${contact.id}, ${connectionId}, ${message.messageId},
            ${message.body}, ${message.fromMe}, ${message.fromMe}, ${message.fromMe ? 1 : 0},
            ${kind}, ${media?.path ?? null}, ${media?.name ?? message.media?.fileName ?? null},
            ${message.quotedId ?? null}, ${
    data === null ? null : JSON.stringify(data)
  }::text::jsonb,
            ${message.timestamp.getTime() > 0 ? message.timestamp : new Date()})
    on conflict (company_id, wid) do nothing
    returning *`);
  if (!inserted) return; // Already stored: a repeated event changes nothing.

  const unread = message.fromMe ? 0 : 1;
  await db.run(sql`
    update tickets
    set last_message = ${summaryOf(message, kind)}, updated_at = now(),
        unread_messages = unread_messages + ${unread}
    where id = ${ticketId}`);
  const ticket = presentTicket((await findTicketRow(db, companyId, ticketId))!);
  await announce(deps, companyId, ticket, {
    action: "create",
    message: presentMessage(inserted),
    ticket,
    contact: ticket.contact,
  });
}

/** The contact a message comes from, found by LID or number, made when new. */
async function upsertContact(
  db: Db,
  companyId: number,
  who: ContactIdentity,
): Promise<ContactRow> {
  if (who.lid) {
    const byLid = await db.maybeOne<ContactRow>(sql`
      select id, name, number from contacts where company_id = ${companyId} and lid = ${who.lid}`);
    if (byLid) return byLid;
  }
  // A person known only by LID waits for a number under their LID digits.
  const number = who.number ?? who.lid!;
  const name = who.name.trim() || number;
  for (let attempt = 0;; attempt++) {
    try {
      return await db.one<ContactRow>(sql`
        insert into contacts (company_id, name, number, lid, is_group)
        values (${companyId}, ${name}, ${number}, ${who.lid}, ${who.isGroup})
        on conflict (company_id, number) do update
        set lid = coalesce(contacts.lid, excluded.lid),
            -- A contact saved without a name learns the one the person gave WhatsApp.
            name = case when contacts.name = contacts.number then excluded.name
                        else contacts.name end
        returning id, name, number`);
    } catch (error) {
      // The same LID arrived at once from another message: read the contact it made.
      if (!uniqueViolation(error) || attempt > 0 || !who.lid) throw error;
      const byLid = await db.maybeOne<ContactRow>(sql`
        select id, name, number from contacts where company_id = ${companyId} and lid = ${who.lid}`);
      if (byLid) return byLid;
    }
  }
}

/** The contact's ticket in progress on this connection, or a new pending one. */
async function ticketInProgress(
  db: Db,
  companyId: number,
  contactId: number,
  connectionId: number,
  chat: ContactIdentity,
): Promise<number> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const created = await db.maybeOne<{ id: number }>(sql`
      insert into tickets (company_id, contact_id, whatsapp_id, is_group, status)
      values (${companyId}, ${contactId}, ${connectionId}, ${chat.isGroup}, 'pending')
      on conflict (company_id, contact_id, whatsapp_id) where status <> 'closed' do nothing
      returning id`);
    if (created) return created.id;
    const current = await db.maybeOne<{ id: number }>(sql`
      select id from tickets
      where company_id = ${companyId} and contact_id = ${contactId}
        and whatsapp_id = ${connectionId} and status <> 'closed'`);
    // Closed between the two statements: try again, which opens a new one.
    if (current) return current.id;
  }
  throw new Error(`No ticket could be found or made for contact ${contactId}.`);
}

async function changeMessage(
  deps: InboundDeps,
  companyId: number,
  wid: string,
  change: ReturnType<typeof sql>,
): Promise<void> {
  const row = await deps.db.maybeOne(sql`
    update messages set ${change}, updated_at = now()
    where company_id = ${companyId} and wid = ${wid}
    returning *`);
  if (!row) return;
  const ticketRow = await findTicketRow(deps.db, companyId, row.ticket_id as number);
  if (!ticketRow) return;
  const ticket = presentTicket(ticketRow);
  await publishToTicketAudience(
    deps,
    { companyId, queueId: ticket.queueId, userId: ticket.userId },
    [`company-${companyId}-appMessage`, { action: "update", message: presentMessage(row), ticket }],
  );
}

async function announce(
  deps: InboundDeps,
  companyId: number,
  ticket: Ticket,
  appMessage: unknown,
): Promise<void> {
  await publishToTicketAudience(
    deps,
    { companyId, queueId: ticket.queueId, userId: ticket.userId },
    [`company-${companyId}-appMessage`, appMessage],
    [`company-${companyId}-ticket`, { action: "update", ticket }],
  );
}

/** The spec's mediaType for what the message carries. */
function mediaTypeOf(message: IncomingMessage): string {
  if (message.callLog) return "call_log";
  if (message.location) return "locationMessage";
  if (message.vcards) return "contactMessage";
  const kind = message.media?.kind;
  if (!kind) return "chat";
  if (kind === "document") return "application";
  return kind === "sticker" ? "image" : kind;
}

/** What the ticket list shows as the last message. */
function summaryOf(message: IncomingMessage, kind: string): string {
  if (message.body) return message.body;
  if (message.media?.fileName) return message.media.fileName;
  return kind === "chat" ? "" : kind;
}
