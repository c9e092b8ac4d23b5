/**
 * "Import contacts from the phone" (admin §2, anchor `POST /contacts/import`): the address
 * book a connected phone shares (`phone_contacts`, filled by the inbound pipeline from the
 * provider's `contact` events) becomes import rows, checked and created like a spreadsheet's.
 * Only people whose number is known can be imported; a contact WhatsApp shows by LID alone
 * has no number to store yet.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import type { ContactIdentity } from "../whatsapp/provider.ts";
import type { RawContactRow } from "./import/columns.ts";
import { MAX_IMPORT_ROWS } from "./import/preview.ts";

/** Records one person of a connection's address book; a later name replaces an older one. */
export async function rememberPhoneContact(
  db: Queryable,
  companyId: number,
  connectionId: number,
  contact: ContactIdentity,
): Promise<void> {
  if (contact.isGroup) return;
  const address = contact.number ?? (contact.lid ? `lid:${contact.lid}` : null);
  if (!address) return;
  await db.run(sql`
    insert into phone_contacts (company_id, whatsapp_id, address, number, lid, name)
    select ${companyId}, w.id, ${address}, ${contact.number}, ${contact.lid}, ${contact.name}
    from whatsapps w where w.id = ${connectionId} and w.company_id = ${companyId}
    on conflict (whatsapp_id, address) do update
      set lid = coalesce(excluded.lid, phone_contacts.lid),
          name = coalesce(nullif(excluded.name, ''), phone_contacts.name),
          updated_at = now()`);
}

export interface PhoneBook {
  connection: { id: number; name: string };
  rows: RawContactRow[];
}

/**
 * The phone book of `whatsappId`, or of the company's default connection when none is
 * named (404 ERR_NO_WAPP_FOUND / ERR_NO_DEF_WAPP_FOUND). Rows are in name order and numbered
 * in that order; a person without a saved name is named by their number.
 */
export async function readPhoneBook(
  db: Queryable,
  companyId: number,
  whatsappId: number | undefined,
): Promise<PhoneBook> {
  const connection = await db.maybeOne<{ id: number; name: string }>(sql`
    select id, name from whatsapps
    where company_id = ${companyId}
      and ${whatsappId === undefined ? sql`is_default` : sql`id = ${whatsappId}`}`);
  if (!connection) {
    throw new AppError(
      whatsappId === undefined ? "ERR_NO_DEF_WAPP_FOUND" : "ERR_NO_WAPP_FOUND",
      404,
    );
  }
  const people = await db.query<{ name: string; number: string }>(sql`
    select name, number from phone_contacts
    where company_id = ${companyId} and whatsapp_id = ${connection.id} and number is not null
    order by lower(coalesce(nullif(name, ''), number)), number
    limit ${MAX_IMPORT_ROWS}`);
  return {
    connection,
    rows: people.map((person, index) => ({
      row: index + 1,
      name: person.name || person.number,
      number: person.number,
      email: "",
    })),
  };
}
