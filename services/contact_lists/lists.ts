/**
 * Contact lists (admin §2, §3, §5, §7 "Contact lists"): name of 2 to 50 characters, the
 * number of items shown as `contactsCount`. The company always comes from the caller.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { containsPattern, pageClause, pageOf } from "../../lib/db/paging.ts";
import { AppError } from "../../lib/http/errors.ts";
import { type ContactListsDeps, publishList } from "./events.ts";
import type { ContactList } from "./types.ts";

const LIST_COLUMNS = sql`
  l.id, l.name, l.created_at as "createdAt", l.updated_at as "updatedAt",
  (select count(*)::int from contact_list_items i where i.contact_list_id = l.id) as "contactsCount"`;

export async function listContactLists(
  db: Queryable,
  companyId: number,
  query: { searchParam: string; pageNumber: number },
): Promise<{ records: ContactList[]; hasMore: boolean }> {
  const search = query.searchParam
    ? sql`and lower(l.name) like ${containsPattern(query.searchParam)}`
    : sql.empty;
  const rows = await db.query<ContactList>(sql`
    select ${LIST_COLUMNS} from contact_lists l
    where l.company_id = ${companyId} ${search}
    order by lower(l.name), l.id ${pageClause(query.pageNumber)}`);
  const page = pageOf(rows);
  return { records: page.rows, hasMore: page.hasMore };
}

/** Every list of the company by name, for the campaign dialog's picker. */
export function allContactLists(db: Queryable, companyId: number): Promise<ContactList[]> {
  return db.query<ContactList>(sql`
    select ${LIST_COLUMNS} from contact_lists l
    where l.company_id = ${companyId} order by lower(l.name), l.id`);
}

export async function showContactList(
  db: Queryable,
  companyId: number,
  id: number,
): Promise<ContactList> {
  const row = await db.maybeOne<ContactList>(sql`
    select ${LIST_COLUMNS} from contact_lists l where l.company_id = ${companyId} and l.id = ${id}`);
  if (!row) throw new AppError("ERR_NO_CONTACT_LIST_FOUND", 404);
  return row;
}

export async function createContactList(
  deps: ContactListsDeps,
  companyId: number,
  input: { name: string },
): Promise<ContactList> {
  const { id } = await deps.db.one<{ id: number }>(sql`
    insert into contact_lists (company_id, name) values (${companyId}, ${input.name})
    returning id`);
  const record = await showContactList(deps.db, companyId, id);
  await publishList(deps, companyId, { action: "create", record });
  return record;
}

export async function updateContactList(
  deps: ContactListsDeps,
  companyId: number,
  id: number,
  input: { name: string },
): Promise<ContactList> {
  const changed = await deps.db.maybeOne(sql`
    update contact_lists set name = ${input.name}, updated_at = now()
    where company_id = ${companyId} and id = ${id} returning id`);
  if (!changed) throw new AppError("ERR_NO_CONTACT_LIST_FOUND", 404);
  const record = await showContactList(deps.db, companyId, id);
  await publishList(deps, companyId, { action: "update", record });
  return record;
}

/** Deletes a list and its items; refused while a running or scheduled campaign uses it. */
export async function deleteContactList(
  deps: ContactListsDeps,
  companyId: number,
  id: number,
): Promise<void> {
  const inUse = await deps.db.maybeOne(sql`
    select 1 from campaigns where company_id = ${companyId} and contact_list_id = ${id}
      and status in ('PROGRAMADA', 'EM_ANDAMENTO')`);
  if (inUse) throw new AppError("ERR_CONTACT_LIST_IN_USE", 409);
  const gone = await deps.db.maybeOne(sql`
    delete from contact_lists where company_id = ${companyId} and id = ${id} returning id`);
  if (!gone) throw new AppError("ERR_NO_CONTACT_LIST_FOUND", 404);
  await publishList(deps, companyId, { action: "delete", id });
}
