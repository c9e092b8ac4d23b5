/**
 * Agents' messages to customers (core §2 input, §7 POST/DELETE /messages). A message is
 * stored first (ack 0, the clock), written to the connection's outbox and sent by whichever
 * instance runs the session; its ack then moves live (1 sent, 3 delivered, 4 read). If the
 * phone is offline it waits in the outbox, and if sending finally fails the message stays,
 * marked, with its text: nothing an agent typed is lost.
 *
 * Both go through the one send path, `queueOutgoing` (queue_outgoing.ts): an agent's
 * message has origin "agent", the system's notices "bot".
 */
import { type Db, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import type { StoredMedia } from "../../lib/media/store.ts";
import type { ServiceDeps } from "../deps.ts";
import { channels } from "../../lib/realtime/channels.ts";
import { isAdmin } from "../accounts/permissions.ts";
import { enqueue, type MessageOrigin, waitFor } from "../outbox/mod.ts";
import { contactRecipient, queueOutgoing } from "./queue_outgoing.ts";
import { showTicket, type Viewer } from "./read.ts";
import {
  findTicketRow,
  type Message,
  presentMessage,
  presentTicket,
  publishToTicketAudience,
  type Ticket,
} from "./rows.ts";
import { renderVariables } from "./variables.ts";
import { REQUIRED } from "../../lib/http/field_errors.ts";
import { fieldRefusal } from "../../lib/http/validate.ts";
import { fileTypeOf } from "../../lib/media/types.ts";

export type OutboundDeps =
  & Pick<ServiceDeps, "db" | "hub" | "media">
  & Partial<Pick<ServiceDeps, "mediaLinks">>;

export interface OutgoingInput {
  body: string;
  /** Our id of the message being answered (same ticket's contact). */
  quotedMsgId?: number;
  /** Put the agent's name in bold above the text (the input's signature switch). */
  sign?: boolean;
  files?: File[];
}

/** Checks that the viewer may write in this ticket now. */
function assertCanWrite(viewer: Viewer, ticket: Ticket): void {
  if (ticket.status === "closed") throw new AppError("ERR_TICKET_CLOSED", 400);
  // An open conversation belongs to its agent; admins may step in.
  if (ticket.status === "open" && ticket.userId !== viewer.userId && !isAdmin(viewer)) {
    throw new AppError("ERR_NO_PERMISSION", 403);
  }
  if (ticket.whatsappId === null) throw new AppError("ERR_NO_WAPP_FOUND", 400);
}

async function quotedWidOf(
  db: Db,
  companyId: number,
  ticket: Ticket,
  quotedMsgId: number | undefined,
): Promise<string | undefined> {
  if (quotedMsgId === undefined) return undefined;
  const row = await db.maybeOne<{ wid: string }>(sql`
    select wid from messages
    where company_id = ${companyId} and id = ${quotedMsgId} and contact_id = ${ticket.contactId}`);
  if (!row) throw new AppError("ERR_NO_MESSAGE_FOUND", 404);
  return row.wid;
}

/** The text as it goes out: variables filled in, signed when asked. */
async function finalBody(
  db: Db,
  viewer: Viewer,
  ticket: Ticket,
  input: OutgoingInput,
): Promise<string> {
  const text = renderVariables(input.body.trim(), {
    contactName: ticket.contact.name,
    ticketId: ticket.id,
  });
  if (!input.sign || !text) return text;
  const user = await db.one<{ name: string }>(sql`
    select name from users where id = ${viewer.userId}`);
  return `*${user.name}:*\n${text}`;
}

/**
 * Sends text (and files) in a ticket as the viewer; answers the stored messages. One file
 * makes one message; the text goes as the first file's caption.
 */
export async function sendTicketMessage(
  deps: OutboundDeps,
  viewer: Viewer,
  ticketId: number,
  input: OutgoingInput,
): Promise<Message[]> {
  const { db } = deps;
  const ticket = await showTicket(db, viewer, { id: ticketId });
  const files = input.files ?? [];
  if (files.length === 0 && !input.body.trim()) {
    throw fieldRefusal("body", REQUIRED);
  }
  assertCanWrite(viewer, ticket);
  const quotedId = await quotedWidOf(db, viewer.companyId, ticket, input.quotedMsgId);
  const body = await finalBody(db, viewer, ticket, input);
  // Every file is checked and written before anything is queued: a bad one sends nothing.
  const stored: StoredMedia[] = [];
  for (const file of files) {
    stored.push(await deps.media.save(viewer.companyId, "messages", file));
  }
  const parts = stored.length
    ? stored.map((media, i) => ({ media, body: i === 0 ? body : "" }))
    : [{ media: undefined, body }];

  const messages: Message[] = [];
  for (const part of parts) {
    messages.push(
      await queueMessage(deps, viewer.companyId, ticket, {
        body: part.body,
        quotedId,
        media: part.media,
        mimetype: part.media ? files[stored.indexOf(part.media)]!.type : undefined,
        origin: "agent",
      }),
    );
  }
  await touchTicket(deps, viewer.companyId, ticket.id, messages.at(-1)!);
  return messages;
}

/** What a system message may carry beyond its text. */
export interface SystemMessageOptions {
  /** Business time for the variables ({{ms}}, {{hora}}, {{protocol}}). */
  now?: Date;
  /**
   * A stored file (a queue's or a menu option's), sent with the text as its caption; `ptt`
   * sends an audio file as a voice note (the text is then only stored, WhatsApp shows none).
   */
  media?: { path: string; name: string; ptt?: boolean };
  /** Held in the outbox until then (a bot's typing pause between its messages). */
  notBefore?: Date;
}

/**
 * Sends text in a ticket on the system's behalf (greetings, menus, notices), marked as the
 * bot's: its echo is recognised by that origin, and it changes nothing of the ticket but
 * its last message. Blank text without media sends nothing.
 */
export async function sendSystemMessage(
  deps: OutboundDeps,
  companyId: number,
  ticket: Pick<Ticket, "id" | "contactId" | "whatsappId" | "isGroup"> & {
    contact: { name: string };
  },
  body: string,
  options: SystemMessageOptions = {},
): Promise<Message | null> {
  if (ticket.whatsappId === null || ticket.isGroup) return null;
  const text = renderVariables(body, {
    contactName: ticket.contact.name,
    ticketId: ticket.id,
    now: options.now,
  }).trim();
  const type = options.media && fileTypeOf(options.media.name);
  if (!text && !options.media) return null;
  const message = await queueMessage(deps, companyId, ticket, {
    body: text,
    origin: "bot",
    media: options.media && type && { ...options.media, kind: type.kind },
    ptt: options.media?.ptt,
    mimetype: type?.mime,
    notBefore: options.notBefore,
  });
  await touchTicket(deps, companyId, ticket.id, message);
  return message;
}

interface Part {
  body: string;
  quotedId?: string;
  media?: StoredMedia;
  mimetype?: string;
  /** An audio sent as a voice note. */
  ptt?: boolean;
  origin: MessageOrigin;
  notBefore?: Date;
}

/** Stores one outgoing message and its outbox row together (the one send path). */
async function queueMessage(
  deps: OutboundDeps,
  companyId: number,
  ticket: Pick<Ticket, "id" | "contactId" | "whatsappId">,
  part: Part,
): Promise<Message> {
  const queued = await deps.db.transaction((tx) =>
    queueOutgoing(tx, {
      companyId,
      connectionId: ticket.whatsappId!,
      ticket,
      body: part.body,
      quotedId: part.quotedId,
      origin: part.origin,
      notBefore: part.notBefore,
      links: deps.mediaLinks,
      media: part.media && {
        kind: part.media.kind,
        mimetype: part.mimetype || "application/octet-stream",
        fileName: part.media.name,
        path: part.media.path,
        ...(part.ptt ? { ptt: true } : {}),
      },
    })
  );
  return queued.message;
}

/** Last message and activity time, then the live events for the new message. */
export async function touchTicket(
  deps: OutboundDeps,
  companyId: number,
  ticketId: number,
  message: Message,
): Promise<void> {
  await deps.db.run(sql`
    update tickets set last_message = ${message.body || message.mediaName || ""},
                       updated_at = now()
    where id = ${ticketId}`);
  const ticket = presentTicket((await findTicketRow(deps.db, companyId, ticketId))!);
  await publishToTicketAudience(
    deps,
    { companyId, queueId: ticket.queueId, userId: ticket.userId },
    [channels.appMessage(companyId), {
      action: "create",
      message,
      ticket,
      contact: ticket.contact,
    }],
    [channels.ticket(companyId), { action: "update", ticket }],
  );
}

/** How long a delete may take before it is called off (the agent is waiting for it). */
const DELETE_WAIT_MS = 10_000;

/**
 * Deletes one of our messages for everyone. It is done by the connection's owner through the
 * outbox; this waits for the outcome, so the answer says what really happened, and calls it
 * off if it could not start in time: the row is marked deleted only when WhatsApp took it.
 */
export async function deleteTicketMessage(
  deps: OutboundDeps & { pollMs?: number; waitMs?: number },
  viewer: Viewer,
  messageId: number,
): Promise<Message> {
  const { db } = deps;
  const row = await db.maybeOne<{ ticket_id: number; wid: string; from_me: boolean }>(sql`
    select ticket_id, wid, from_me from messages
    where company_id = ${viewer.companyId} and id = ${messageId}`);
  if (!row) throw new AppError("ERR_NO_MESSAGE_FOUND", 404);
  const ticket = await showTicket(db, viewer, { id: row.ticket_id }).catch(() => {
    throw new AppError("ERR_NO_MESSAGE_FOUND", 404);
  });
  if (!row.from_me) throw new AppError("ERR_DELETE_WAPP_MSG", 400);
  if (ticket.status === "open" && ticket.userId !== viewer.userId && !isAdmin(viewer)) {
    throw new AppError("ERR_NO_PERMISSION", 403);
  }
  const connection = ticket.whatsappId === null ? null : await db.maybeOne<{ status: string }>(
    sql`select status from whatsapps where id = ${ticket.whatsappId}`,
  );
  if (!connection || connection.status !== "CONNECTED") {
    throw new AppError("ERR_DELETE_WAPP_MSG", 409);
  }
  const { outboxId } = await enqueue(db, {
    companyId: viewer.companyId,
    connectionId: ticket.whatsappId!,
    to: await contactRecipient(db, viewer.companyId, ticket.contactId),
    body: "",
    deleteId: row.wid,
    origin: "agent",
  });
  // Not started in time, it is called off: it must not happen later behind the agent's back.
  const outcome = await waitFor(db, outboxId, deps.waitMs ?? DELETE_WAIT_MS, deps.pollMs);
  if (outcome !== "sent") throw new AppError("ERR_DELETE_WAPP_MSG", 409);
  // The pipeline marks it too when it hears the outcome; doing it here makes the answer final.
  const deleted = await db.one(sql`
    update messages set is_deleted = true, updated_at = now()
    where company_id = ${viewer.companyId} and id = ${messageId}
    returning *`);
  return presentMessage(deleted, deps.mediaLinks);
}
