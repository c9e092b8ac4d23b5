/**
 * The tags a contact carries (issue 23 item 1), set from the contact panel beside a
 * conversation: the screen sends the whole set and it replaces what was there, in one
 * transaction, as a ticket's tags are synced. A contact or tag of another company is
 * answered like one that does not exist; open pages learn the change through the contact's
 * `update` event.
 */
import { sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { companyTagIds } from "../tags/tags.ts";
import { loadContact } from "./contacts.ts";
import { type ContactsDeps, publishContactEvent } from "./events.ts";
import type { Contact } from "./types.ts";

export async function setContactTags(
  deps: ContactsDeps,
  companyId: number,
  contactId: number,
  tagIds: number[],
): Promise<Contact> {
  const contact = await deps.db.transaction(async (tx) => {
    // The contact's row lock makes two saves at once take turns instead of colliding.
    const held = await tx.maybeOne(sql`
      select id from contacts where id = ${contactId} and company_id = ${companyId} for update`);
    if (!held) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
    const ids = await companyTagIds(tx, companyId, tagIds);
    await tx.run(sql`delete from contact_tags where contact_id = ${contactId}`);
    if (ids.length) {
      await tx.run(sql`
        insert into contact_tags (contact_id, tag_id, company_id)
        select ${contactId}, unnest(${ids}::int[]), ${companyId}`);
    }
    return await loadContact(tx, companyId, contactId);
  });
  await publishContactEvent(deps, companyId, { action: "update", contact });
  return contact;
}
