/**
 * One contact at a time: show, create, update, delete (core §7 "Contacts"). Every function
 * takes the caller's company from the authenticated principal; a contact of another company
 * is answered exactly like one that does not exist (404 ERR_NO_CONTACT_FOUND).
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { AppError, conflictOnDuplicate } from "../../lib/http/errors.ts";
import { type ContactsDeps, publishContactEvent } from "./events.ts";
import { normaliseNumber } from "./number.ts";
import type { Contact, ContactInput, ExtraInfoInput } from "./types.ts";

/** The columns of a contact as the API answers them, extra fields and tags included (one statement). */
export const CONTACT_COLUMNS = sql`
  c.id, c.name, c.number, c.email, c.profile_pic_url as "profilePicUrl",
  c.is_group as "isGroup", c.created_at as "createdAt", c.updated_at as "updatedAt",
  coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'value', f.value)
                            order by f.id)
            from contact_custom_fields f where f.contact_id = c.id), '[]'::json) as "extraInfo",
  coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color)
                            order by lower(g.name), g.id)
            from contact_tags ct join tags g on g.id = ct.tag_id
            where ct.contact_id = c.id), '[]'::json) as tags`;

/** The 409 answer for a number the company already has, naming the contact that has it. */
export function duplicateError(existing: { id: number; name: string; number: string }): AppError {
  return new AppError("ERR_DUPLICATED_CONTACT", 409, {
    alreadyExists: true,
    existingContact: { id: existing.id, name: existing.name, number: existing.number },
  });
}

/** The stored form of a typed number, or 400 with `invalido: true` (core §5). */
export function requireValidNumber(raw: string): string {
  const number = normaliseNumber(raw);
  if (number === null) {
    throw new AppError("ERR_INVALID_NUMBER", 400, {
      invalido: true,
      fields: { number: { code: "ERR_INVALID_NUMBER" } },
    });
  }
  return number;
}

async function findByNumber(db: Queryable, companyId: number, number: string) {
  return await db.maybeOne<{ id: number; name: string; number: string }>(sql`
    select id, name, number from contacts where company_id = ${companyId} and number = ${number}`);
}

export async function loadContact(db: Queryable, companyId: number, id: number): Promise<Contact> {
  const contact = await db.maybeOne<Contact>(
    sql`select ${CONTACT_COLUMNS} from contacts c where c.id = ${id} and c.company_id = ${companyId}`,
  );
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  return contact;
}

export function showContact(deps: ContactsDeps, companyId: number, id: number): Promise<Contact> {
  return loadContact(deps.db, companyId, id);
}

export async function createContact(
  deps: ContactsDeps,
  companyId: number,
  input: ContactInput,
): Promise<Contact> {
  const number = requireValidNumber(input.number);
  const contact = await deps.db.transaction(async (tx) => {
    const row = await tx.maybeOne<{ id: number }>(sql`
      insert into contacts (company_id, name, number, email)
      values (${companyId}, ${input.name}, ${number}, ${input.email})
      on conflict (company_id, number) do nothing
      returning id`);
    if (!row) {
      const existing = await findByNumber(tx, companyId, number);
      // Deleted between the conflict and this read: the caller may simply try again.
      if (!existing) throw new AppError("ERR_DUPLICATED_CONTACT", 409);
      throw duplicateError(existing);
    }
    await replaceExtraInfo(tx, row.id, input.extraInfo);
    return await loadContact(tx, companyId, row.id);
  });
  await publishContactEvent(deps, companyId, { action: "create", contact });
  return contact;
}

export async function updateContact(
  deps: ContactsDeps,
  companyId: number,
  id: number,
  input: Partial<ContactInput>,
): Promise<Contact> {
  const number = input.number === undefined ? undefined : requireValidNumber(input.number);
  const contact = await deps.db.transaction(async (tx) => {
    await loadContact(tx, companyId, id);
    if (number !== undefined) {
      const holder = await findByNumber(tx, companyId, number);
      if (holder && holder.id !== id) throw duplicateError(holder);
    }
    // Another request may take the number between the check above and this update.
    await conflictOnDuplicate("ERR_DUPLICATED_CONTACT", () =>
      tx.run(sql`
        update contacts set
          name = coalesce(${input.name ?? null}::text, name),
          number = coalesce(${number ?? null}::text, number),
          email = coalesce(${input.email ?? null}::text, email),
          updated_at = now()
        where id = ${id} and company_id = ${companyId}`));
    if (input.extraInfo !== undefined) await replaceExtraInfo(tx, id, input.extraInfo);
    return await loadContact(tx, companyId, id);
  });
  await publishContactEvent(deps, companyId, { action: "update", contact });
  return contact;
}

export async function deleteContact(
  deps: ContactsDeps,
  companyId: number,
  id: number,
): Promise<void> {
  const deleted = await deps.db.maybeOne(
    sql`delete from contacts where id = ${id} and company_id = ${companyId} returning id`,
  );
  if (!deleted) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  await publishContactEvent(deps, companyId, { action: "delete", contactId: id });
}

/**
 * The extra fields become exactly `fields`: listed ids of this contact are updated, entries
 * without an id (or with an id that is not this contact's) are added, the rest removed.
 */
async function replaceExtraInfo(
  tx: Queryable,
  contactId: number,
  fields: ExtraInfoInput[],
): Promise<void> {
  const kept = fields.filter((f) => f.id !== undefined).map((f) => f.id!);
  await tx.run(sql`
    delete from contact_custom_fields
    where contact_id = ${contactId} and not (id = any(${kept}::int[]))`);
  const existing = new Set(
    (await tx.query<{ id: number }>(
      sql`select id from contact_custom_fields where contact_id = ${contactId}`,
    )).map((row) => row.id),
  );
  const updates = fields.filter((f) => f.id !== undefined && existing.has(f.id));
  const inserts = fields.filter((f) => f.id === undefined || !existing.has(f.id));
  if (updates.length > 0) {
    await tx.run(sql`
      update contact_custom_fields f set name = u.name, value = u.value
      from unnest(${updates.map((f) => f.id)}::int[], ${updates.map((f) => f.name)}::text[],
                  ${updates.map((f) => f.value)}::text[]) as u(id, name, value)
      where f.id = u.id and f.contact_id = ${contactId}`);
  }
  if (inserts.length > 0) {
    await tx.run(sql`
      insert into contact_custom_fields (contact_id, name, value)
      select ${contactId}, u.name, u.value
      from unnest(${inserts.map((f) => f.name)}::text[], ${inserts.map((f) => f.value)}::text[])
        with ordinality as u(name, value, position)
      order by u.position`);
  }
}
