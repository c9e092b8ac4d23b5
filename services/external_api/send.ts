/**
 * The integrators' send (admin §7 "External message API"; the anchor's POST
 * /api/messages/send): text, or files with the text as the first one's caption, to a number,
 * from the token's connection. The number is normalised (services/contacts/number.ts), its
 * contact found or made, and the message stored in the contact's ticket in progress on that
 * connection (a new pending one when there is none) through the one send path, so agents see
 * it. An `Idempotency-Key` already used on the connection answers the first call's answer and
 * sends nothing; acks are read back by message id.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { fieldRefusal } from "../../lib/http/validate.ts";
import type { StoredMedia } from "../../lib/media/store.ts";
import { checkOnWhatsapp } from "../contact_lists/whatsapp_check.ts";
import { normaliseNumber } from "../contacts/number.ts";
import type { ServiceDeps } from "../deps.ts";
import { gaveUp } from "../outbox/mod.ts";
import { announceToContact, closeForApi, queueToContact } from "../tickets/mod.ts";
import type { ApiConnection } from "./connection.ts";

export type ApiSendDeps = Pick<
  ServiceDeps,
  "db" | "hub" | "media" | "clock" | "mediaLinks" | "sessions" | "log"
>;

export interface ApiSendInput {
  number: string;
  body: string;
  closeTicket: boolean;
  files: File[];
  idempotencyKey?: string;
}

export interface ApiSendAnswer {
  /** What Whaticket integrators check. */
  mensagem: "Mensagem enviada";
  /** The first message's id (`GET /api/messages/send/{messageId}` reads its acks). */
  messageId: number;
  /** Every message sent, one per file. */
  messageIds: number[];
  ticketId: number;
}

const MEDIA_AREA = "messages";

/** The contact with this number, made (named after its number) when the company has none. */
async function contactOf(tx: Queryable, companyId: number, number: string): Promise<number> {
  const row = await tx.one<{ id: number }>(sql`
    insert into contacts (company_id, name, number) values (${companyId}, ${number}, ${number})
    on conflict (company_id, number) do update set number = excluded.number
    returning id`);
  return row.id;
}

async function reservedAnswer(
  tx: Queryable,
  connection: ApiConnection,
  key: string,
): Promise<ApiSendAnswer | "new"> {
  const reserved = await tx.maybeOne(sql`
    insert into api_send_keys (company_id, whatsapp_id, key)
    values (${connection.companyId}, ${connection.connectionId}, ${key})
    on conflict do nothing
    returning key`);
  if (reserved) return "new";
  // Waits above for a first call still in flight, then reads what it answered.
  const first = await tx.one<{ answer: ApiSendAnswer | null }>(sql`
    select answer from api_send_keys
    where company_id = ${connection.companyId} and whatsapp_id = ${connection.connectionId}
      and key = ${key}`);
  if (!first.answer) throw new AppError("ERR_IDEMPOTENCY_KEY_IN_USE", 409);
  return first.answer;
}

export async function sendFromApi(
  deps: ApiSendDeps,
  connection: ApiConnection,
  input: ApiSendInput,
): Promise<ApiSendAnswer> {
  const normalised = normaliseNumber(input.number);
  if (!normalised) throw new AppError("ERR_INVALID_NUMBER", 400);
  if (!input.body.trim() && input.files.length === 0) {
    throw fieldRefusal("body", { code: "ERR_API_BODY_REQUIRED" });
  }
  const { companyId, connectionId } = connection;
  if (connection.status !== "CONNECTED") throw new AppError("ERR_WAPP_NOT_CONNECTED", 409);
  // WhatsApp is asked through the token's own connection, as contact lists do; a number it
  // knows no account for is refused, one it could not check (the session runs on another
  // instance, or the phone did not answer) is sent, and the outbox reports a failure.
  const [check] = await checkOnWhatsapp(deps, connectionId, [normalised]);
  if (check?.valid === false) throw new AppError("ERR_INVALID_NUMBER", 400);
  const number = check?.valid ? check.number : normalised;
  // Files are checked (size, type) and written before anything is queued.
  const stored: { media: StoredMedia; mimetype: string }[] = [];
  try {
    for (const file of input.files) {
      stored.push({
        media: await deps.media.save(companyId, MEDIA_AREA, file),
        mimetype: file.type || "application/octet-stream",
      });
    }
  } catch (err) {
    for (const done of stored) await deps.media.remove(done.media.path);
    throw err;
  }
  const outcome = await deps.db.transaction(async (tx) => {
    if (input.idempotencyKey) {
      const earlier = await reservedAnswer(tx, connection, input.idempotencyKey);
      if (earlier !== "new") return { answer: earlier, repeated: true as const };
    }
    const contactId = await contactOf(tx, companyId, number);
    const queued = await queueToContact(tx, {
      companyId,
      connectionId,
      contactId,
      body: input.body.trim(),
      media: stored.map(({ media, mimetype }) => ({
        kind: media.kind,
        mimetype,
        fileName: media.name,
        path: media.path,
      })),
      origin: "api",
      now: deps.clock.now(),
      links: deps.mediaLinks,
    });
    const announceClose = input.closeTicket
      ? await closeForApi(tx, companyId, queued.ticketId, deps.clock.now())
      : undefined;
    const ids = queued.messages.map((message) => message.id);
    const answer: ApiSendAnswer = {
      mensagem: "Mensagem enviada",
      messageId: ids[0]!,
      messageIds: ids,
      ticketId: queued.ticketId,
    };
    if (input.idempotencyKey) {
      await tx.run(sql`
        update api_send_keys set answer = ${JSON.stringify(answer)}::text::jsonb
        where company_id = ${companyId} and whatsapp_id = ${connectionId}
          and key = ${input.idempotencyKey}`);
    }
    return { answer, repeated: false as const, queued, announceClose };
  });
  if (outcome.repeated) {
    // The files of a repeated call are not needed: the first call's were sent.
    for (const done of stored) await deps.media.remove(done.media.path);
    return outcome.answer;
  }
  await announceToContact(deps, companyId, outcome.queued);
  await outcome.announceClose?.(deps);
  return outcome.answer;
}

export interface ApiMessageStatus {
  messageId: number;
  ticketId: number;
  /** 0 queued, 1 sent, 2 reached the server, 3 delivered, 4 read, 5 played. */
  ack: number;
  /** The connection gave up sending it (see the outbox). */
  failed: boolean;
}

/** A message this connection sent through the API, with its acks so far. */
export async function apiMessageStatus(
  db: Queryable,
  connection: ApiConnection,
  messageId: number,
): Promise<ApiMessageStatus> {
  const row = await db.maybeOne<Omit<ApiMessageStatus, "failed"> & { wid: string }>(sql`
    select m.id as "messageId", m.ticket_id as "ticketId", m.ack, m.wid
    from messages m
    where m.company_id = ${connection.companyId} and m.id = ${messageId}
      and m.whatsapp_id = ${connection.connectionId} and m.origin = 'api'`);
  if (!row) throw new AppError("ERR_NO_MESSAGE_FOUND", 404);
  const { wid, ...status } = row;
  const failed = await gaveUp(db, { ...connection, wid });
  return { ...status, failed };
}
