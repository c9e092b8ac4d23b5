/**
 * Internal notes on a conversation (core §3 "note", §7 /ticket-notes): seen by the agents
 * who may see the ticket, never sent to the customer. The panel lists the contact's notes
 * across all their tickets, newest first. A note is deleted by its author or an admin.
 */
import { type Db, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { isAdmin } from "../accounts/permissions.ts";
import { showTicket, type Viewer } from "./read.ts";

export interface TicketNote {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  user: { id: number; name: string } | null;
  createdAt: string;
}

const NOTE_COLUMNS = sql`
  n.id, n.note, n.ticket_id as "ticketId", n.contact_id as "contactId", n.user_id,
  u.name as user_name, n.created_at`;

// deno-lint-ignore no-explicit-any
function presentNote(row: Record<string, any>): TicketNote {
  return {
    id: row.id,
    note: row.note,
    ticketId: row.ticketId,
    contactId: row.contactId,
    user: row.user_id ? { id: row.user_id, name: row.user_name } : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function createNote(
  db: Db,
  viewer: Viewer,
  input: { ticketId: number; note: string },
): Promise<TicketNote> {
  const ticket = await showTicket(db, viewer, { id: input.ticketId });
  const row = await db.one<{ id: number }>(sql`
    insert into ticket_notes (company_id, ticket_id, contact_id, user_id, note)
    values (${viewer.companyId}, ${ticket.id}, ${ticket.contactId}, ${viewer.userId},
            ${input.note.trim()})
    returning id`);
  return (await notesWhere(db, viewer.companyId, sql`n.id = ${row.id}`))[0]!;
}

/** The notes of the ticket's contact (all their tickets), or of the ticket alone. */
export async function listNotes(
  db: Db,
  viewer: Viewer,
  query: { ticketId: number; contactId?: number },
): Promise<TicketNote[]> {
  const ticket = await showTicket(db, viewer, { id: query.ticketId });
  if (query.contactId !== undefined && query.contactId !== ticket.contactId) {
    throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  }
  const where = query.contactId === undefined
    ? sql`n.ticket_id = ${ticket.id}`
    : sql`n.contact_id = ${ticket.contactId}`;
  return await notesWhere(db, viewer.companyId, where);
}

async function notesWhere(db: Db, companyId: number, where: ReturnType<typeof sql>) {
  const rows = await db.query(sql`
    select ${NOTE_COLUMNS} from ticket_notes n left join users u on u.id = n.user_id
    where n.company_id = ${companyId} and ${where}
    order by n.created_at desc, n.id desc
    limit 200`);
  return rows.map(presentNote);
}

export async function deleteNote(db: Db, viewer: Viewer, id: number): Promise<void> {
  const row = await db.maybeOne<{ ticket_id: number; user_id: number | null }>(sql`
    select ticket_id, user_id from ticket_notes where company_id = ${viewer.companyId} and id = ${id}`);
  if (!row) throw new AppError("ERR_NO_NOTE_FOUND", 404);
  // The note's ticket must be one the viewer sees, like any other note of it.
  await showTicket(db, viewer, { id: row.ticket_id }).catch(() => {
    throw new AppError("ERR_NO_NOTE_FOUND", 404);
  });
  if (row.user_id !== viewer.userId && !isAdmin(viewer)) {
    throw new AppError("ERR_NO_PERMISSION", 403);
  }
  await db.run(sql`delete from ticket_notes where company_id = ${viewer.companyId} and id = ${id}`);
}
