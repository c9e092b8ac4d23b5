/**
 * Where an incoming message belongs: its contact (by LID or number, made when new) and the
 * contact's ticket in progress on the connection (a new pending one when there is none).
 *
 * The usual case, a customer who is already talking, costs one query that reads both. The
 * rarer ones (a new customer, a contact to complete, a new ticket) go through the writes
 * below, each safe when another message of the same person runs at the same moment: the
 * unique indexes decide, and the loser reads what the winner made.
 */
import { type Db, type Queryable, sql } from "../../lib/db/mod.ts";
import { uniqueViolation } from "../../lib/db/errors.ts";
import type { ContactIdentity } from "../whatsapp/provider.ts";

/**
 * A ticket a message belongs to: one in progress, or a resolved one still waiting for the
 * customer's rating (services/automation/rating.ts), whose answer must land in it.
 */
const IN_PROGRESS = sql`(t.status <> 'closed' or t.rating_asked_at is not null)`;

export interface ContactRow {
  id: number;
  name: string;
  number: string;
}

export interface MessagePlace {
  contact: ContactRow;
  ticketId: number;
  /** The ticket was made for this message (the contact had none in progress). */
  created: boolean;
}

interface KnownRow extends ContactRow {
  lid: string | null;
  ticketId: number | null;
  byLid: boolean;
}

export async function placeOf(
  db: Db,
  companyId: number,
  connectionId: number,
  who: ContactIdentity,
): Promise<MessagePlace> {
  const number = who.number ?? who.lid!;
  const known = await db.maybeOne<KnownRow>(sql`
    select c.id, c.name, c.number, c.lid, coalesce(c.lid = ${who.lid}, false) as "byLid",
           (select t.id from tickets t
            where t.company_id = c.company_id and t.contact_id = c.id
              and t.whatsapp_id = ${connectionId} and ${IN_PROGRESS}
            order by t.status <> 'closed' desc, t.id desc limit 1) as "ticketId"
    from contacts c
    where c.company_id = ${companyId} and (c.number = ${number} or c.lid = ${who.lid})
    order by coalesce(c.lid = ${who.lid}, false) desc
    limit 1`);
  const contact = known && !needsUpdate(known, who)
    ? { id: known.id, name: known.name, number: known.number }
    : await upsertContact(db, companyId, who);
  if (known?.id === contact.id && known.ticketId) {
    return { contact, ticketId: known.ticketId, created: false };
  }
  const ticket = await ticketInProgress(db, companyId, contact.id, connectionId, who.isGroup);
  return { contact, ticketId: ticket.id, created: ticket.created };
}

/** A contact found by number learns the LID and, if it had none, the name WhatsApp gives. */
function needsUpdate(known: KnownRow, who: ContactIdentity): boolean {
  if (known.byLid) return false;
  const name = who.name.trim();
  return (who.lid !== null && known.lid === null) ||
    (known.name === known.number && name !== "" && name !== known.number);
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

/**
 * The contact's ticket in progress on this connection, or a new pending one: where an
 * incoming message goes, and also where a message the system sends on its own (a schedule,
 * the integrators' API) is stored, so agents see it in the conversation.
 */
export async function ticketInProgress(
  db: Queryable,
  companyId: number,
  contactId: number,
  connectionId: number,
  isGroup: boolean,
): Promise<{ id: number; created: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const waiting = await db.maybeOne<{ id: number }>(sql`
      select t.id from tickets t
      where t.company_id = ${companyId} and t.contact_id = ${contactId}
        and t.whatsapp_id = ${connectionId} and ${IN_PROGRESS}
      order by t.status <> 'closed' desc, t.id desc limit 1`);
    if (waiting) return { id: waiting.id, created: false };
    const created = await db.maybeOne<{ id: number }>(sql`
      insert into tickets (company_id, contact_id, whatsapp_id, is_group, status)
      values (${companyId}, ${contactId}, ${connectionId}, ${isGroup}, 'pending')
      on conflict (company_id, contact_id, whatsapp_id) where status <> 'closed' do nothing
      returning id`);
    if (created) return { id: created.id, created: true };
    const current = await db.maybeOne<{ id: number }>(sql`
      select id from tickets
      where company_id = ${companyId} and contact_id = ${contactId}
        and whatsapp_id = ${connectionId} and status <> 'closed'`);
    // Closed between the two statements: try again, which opens a new one.
    if (current) return { id: current.id, created: false };
  }
  throw new Error(`No ticket could be found or made for contact ${contactId}.`);
}
