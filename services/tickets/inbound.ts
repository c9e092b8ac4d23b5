/**
 * The inbound pipeline (core §4, DESIGN §7): what a WhatsApp provider reports becomes
 * contacts, tickets and messages, pushed live to the users allowed to see them.
 *
 *   message → contact (by number or LID) → the contact's ticket in progress on this
 *   connection, or a new pending one → the message, stored once per WhatsApp id → unread
 *   count and last message → `company-{id}-appMessage` and `company-{id}-ticket` → the
 *   inbound hooks, in order, for a customer's message (run_hooks.ts; the list is
 *   services/hooks.ts). A reported call goes to the call hooks the same way.
 *
 * Every step is safe to run twice or at the same time: the database's unique indexes (one
 * ticket in progress per contact and connection, one message per WhatsApp id) decide, so
 * concurrent messages of a new customer never make two tickets and a repeated event never
 * makes two messages (the original's duplicate tickets and lost messages).
 */
import { kindSummary } from "../../lib/message_summary.ts";
import { parseVcard } from "../../lib/vcard.ts";
import { sql } from "../../lib/db/mod.ts";
import type { ServiceDeps } from "../deps.ts";
import { channels } from "../../lib/realtime/channels.ts";
import type { IncomingMessage, ProviderEvent } from "../whatsapp/provider.ts";
import { rememberPhoneContact } from "../contacts/phone_book.ts";
import { saveIncomingMedia } from "./incoming_media.ts";
import { withoutNul } from "./without_nul.ts";
import { originOf, queuedAs } from "../outbox/mod.ts";
import { messageMediaType } from "./media_type.ts";
import { runHooks, runInboundHooks } from "./run_hooks.ts";
import type { CallHook, InboundHook, InboundMessage } from "./types.ts";
import { placeOf } from "./inbound_place.ts";
import { optionOn } from "../settings/company_options.ts";
import { track } from "./tracking.ts";
import {
  audienceSql,
  findTicketRow,
  presentMessage,
  presentTicket,
  publishToTicketAudience,
  TICKET_COLUMNS,
  ticketFrom,
} from "./rows.ts";

export type InboundDeps =
  & Pick<ServiceDeps, "db" | "hub" | "media">
  & Partial<Pick<ServiceDeps, "mediaLinks" | "log" | "clock">>;

/**
 * The handler to give `WhatsappSessions.subscribe`. A message event answers what was stored
 * (nothing for a repeat, history or an ignored group); `hooks` then run, in order, for each
 * stored customer message, and `callHooks` for each reported call (run_hooks.ts).
 */
export function createInboundPipeline(
  deps: InboundDeps,
  hooks: readonly InboundHook[] = [],
  callHooks: readonly CallHook[] = [],
) {
  return async (raw: ProviderEvent): Promise<InboundMessage | undefined> => {
    // A NUL in any text would make the database refuse the whole message.
    const event = withoutNul(raw);
    switch (event.type) {
      case "message": {
        const received = await receiveMessage(
          deps,
          event.companyId,
          event.connectionId,
          event.message,
        );
        // Our own messages (sent here or typed on the phone) are not the customer's turn, and
        // a message that waited too long while Balcão was away is stored but left to people.
        if (
          received && !received.message.fromMe && hooks.length > 0 &&
          stillAnswerable(event.message.timestamp)
        ) {
          await runInboundHooks(hooks, received, deps.log);
        }
        return received;
      }
      case "call":
        await runHooks("call", callHooks, event, {
          companyId: event.companyId,
          connectionId: event.connectionId,
          callId: event.call.callId,
        }, deps.log);
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

/**
 * How old a customer's message may be for bots and automation to answer it as if it had just
 * arrived. Messages WhatsApp held while Balcão was disconnected come in on reconnect, in order;
 * a greeting or a menu still makes sense a few hours later, not days later.
 */
export const AUTOMATION_MAX_AGE_MS = 24 * 60 * 60_000;

/** WhatsApp stamps messages with the real time, so the wall clock judges their age. */
function stillAnswerable(sentAt: Date): boolean {
  return !(Date.now() - sentAt.getTime() > AUTOMATION_MAX_AGE_MS);
}

export async function receiveMessage(
  deps: InboundDeps,
  companyId: number,
  connectionId: number,
  message: IncomingMessage,
): Promise<InboundMessage | undefined> {
  // History replayed at pairing stays on the phone: Balcão starts with what arrives now.
  if (message.isHistory) return;
  // "Ignorar mensagens de grupos" (CheckMsgIsGroup): enabled unless the company turned it off.
  if (message.chat.isGroup && await optionOn(deps.db, companyId, "CheckMsgIsGroup")) return;
  const { db } = deps;
  // A campaign's message is not a conversation: its echo neither opens, reopens nor closes
  // a ticket (the original closed the customer's open ticket). The customer's reply opens
  // one as usual, and the campaigns' reply hook shows the campaign message in it.
  if (
    message.fromMe &&
    await queuedAs(db, { companyId, connectionId, wid: message.messageId }, "campaign")
  ) return;
  const { contact, ticketId, created } = await placeOf(db, companyId, connectionId, message.chat);
  // A new attendance cycle starts with the ticket (the dashboard's rows).
  if (created) await track(db, companyId, ticketId, "created", deps.clock?.now() ?? new Date());

  const media = message.media
    ? await saveIncomingMedia(deps.media, companyId, message.media)
    : null;
  const kind = incomingMediaType(message);
  const data = message.location
    ? { location: message.location }
    : message.vcards
    ? { vcards: message.vcards }
    : message.callLog
    ? { callLog: message.callLog }
    : null;
  // One round trip stores the message, moves the ticket's unread count and last message,
  // and reads back the ticket's card and who may see it; nothing when the message is a repeat.
  const unread = message.fromMe ? 0 : 1;
  const stored = await db.maybeOne<Record<string, unknown>>(sql`
    with m as (
      insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me,
                            read, ack, media_type, media_path, media_name, quoted_wid, data,
                            origin, created_at)
      values (${companyId}, ${ticketId}, ${contact.id}, ${connectionId}, ${message.messageId},
              ${message.body}, ${message.fromMe}, ${message.fromMe}, ${message.fromMe ? 1 : 0},
              ${kind}, ${media?.path ?? null}, ${media?.name ?? message.media?.fileName ?? null},
              ${message.quotedId ?? null}, ${
    data === null ? null : JSON.stringify(data)
  }::text::jsonb, ${originSql(companyId, connectionId, message)},
              ${message.timestamp.getTime() > 0 ? message.timestamp : new Date()})
      on conflict (company_id, wid) do nothing
      returning *),
    touched as (
      update tickets
      set last_message = ${summaryOf(message, kind)}, updated_at = now(),
          unread_messages = unread_messages + ${unread}
      where id = ${ticketId} and exists (select 1 from m)
      returning *)
    select ${TICKET_COLUMNS}, (select to_jsonb(m) from m) as message,
           ${audienceSql(sql`t.company_id`, sql`t.queue_id`, sql`t.user_id`)} as rooms
    from ${ticketFrom(sql`touched`)}`);
  if (!stored) return; // Already stored: a repeated event changes nothing.

  const ticket = presentTicket(stored);
  const received: InboundMessage = {
    companyId,
    ticket,
    message: presentMessage(stored.message as Record<string, unknown>, deps.mediaLinks),
    contact: ticket.contact,
    created,
  };
  const { hub } = deps;
  const rooms = stored.rooms as string[];
  await hub.publish(rooms, channels.appMessage(companyId), {
    action: "create",
    message: received.message,
    ticket,
    contact: ticket.contact,
  });
  await hub.publish(rooms, channels.ticket(companyId), { action: "update", ticket });
  return received;
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
    [channels.appMessage(companyId), {
      action: "update",
      message: presentMessage(row, deps.mediaLinks),
      ticket,
    }],
  );
}

/**
 * Who sent one of our messages: the origin its outbox row was queued with (a campaign's or
 * the API's message to a number arrives here first as the provider's echo). Null for the
 * customer's messages and for what was typed on the phone. No query for customer messages.
 */
function originSql(companyId: number, connectionId: number, message: IncomingMessage) {
  return message.fromMe ? originOf(companyId, connectionId, message.messageId) : null;
}

/** The spec's mediaType for what the message carries. */
function incomingMediaType(message: IncomingMessage): string {
  if (message.callLog) return "call_log";
  if (message.location) return "locationMessage";
  if (message.vcards) return "contactMessage";
  return messageMediaType(message.media?.kind);
}

/** What the ticket list shows as the last message. */
function summaryOf(message: IncomingMessage, kind: string): string {
  if (message.body) return message.body;
  if (message.media?.fileName) return message.media.fileName;
  if (kind === "chat") return "";
  return kindSummary(kind, message.vcards?.[0] ? parseVcard(message.vcards[0]).name : "");
}
