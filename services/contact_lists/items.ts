/**
 * A contact list's items (admin §3, §5, §7 "Contact list items"): name 2 to 50 characters,
 * a number that normalises (services/contacts/number.ts), an optional valid e-mail; each
 * number once per list, checked on WhatsApp when added or changed.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { containsPattern, pageClause, pageOf, phoneDigitsPattern } from "../../lib/db/paging.ts";
import { AppError, conflictOnDuplicate } from "../../lib/http/errors.ts";
import type { ServiceDeps } from "../deps.ts";
import { normaliseNumber } from "../contacts/number.ts";
import { publishItems } from "./events.ts";
import { showContactList } from "./lists.ts";
import type { ContactListItem } from "./types.ts";
import { checkingConnection, checkOnWhatsapp } from "./whatsapp_check.ts";

export type ItemsDeps = Pick<ServiceDeps, "db" | "hub" | "sessions" | "log">;

export interface ItemInput {
  name: string;
  number: string;
  email: string;
}

const ITEM_COLUMNS = sql`
  id, name, number, email, is_whatsapp_valid as "isWhatsappValid", company_id as "companyId",
  contact_list_id as "contactListId"`;

export async function listItems(
  db: Queryable,
  companyId: number,
  query: { searchParam: string; pageNumber: number; contactListId?: number },
): Promise<{ contacts: ContactListItem[]; hasMore: boolean }> {
  const term = query.searchParam;
  const digits = term ? phoneDigitsPattern(term) : undefined;
  const search = !term
    ? sql.empty
    : digits
    ? sql`and number like ${digits}`
    : sql`and (lower(name) like ${containsPattern(term)} or lower(email) like ${
      containsPattern(term)
    })`;
  const inList = query.contactListId === undefined
    ? sql.empty
    : sql`and contact_list_id = ${query.contactListId}`;
  const rows = await db.query<ContactListItem>(sql`
    select ${ITEM_COLUMNS} from contact_list_items
    where company_id = ${companyId} ${inList} ${search}
    order by lower(name), id ${pageClause(query.pageNumber)}`);
  const page = pageOf(rows);
  return { contacts: page.rows, hasMore: page.hasMore };
}

export async function showItem(
  db: Queryable,
  companyId: number,
  id: number,
): Promise<ContactListItem> {
  const row = await db.maybeOne<ContactListItem>(sql`
    select ${ITEM_COLUMNS} from contact_list_items where company_id = ${companyId} and id = ${id}`);
  if (!row) throw new AppError("ERR_NO_CONTACT_LIST_ITEM_FOUND", 404);
  return row;
}

/** The number normalised and checked on WhatsApp; 400 when it cannot be a phone number. */
async function checkedNumber(deps: ItemsDeps, companyId: number, raw: string) {
  const number = normaliseNumber(raw);
  if (!number) {
    throw new AppError("ERR_VALIDATION", 400, { fields: { number: "ERR_INVALID_NUMBER" } });
  }
  const connection = await checkingConnection(deps.db, companyId);
  const [checked] = await checkOnWhatsapp(deps, connection, [number]);
  return checked!;
}

export async function createItem(
  deps: ItemsDeps,
  companyId: number,
  input: ItemInput & { contactListId: number },
): Promise<ContactListItem> {
  // 404 for a list of another company, before anything is asked of WhatsApp.
  await showContactList(deps.db, companyId, input.contactListId);
  const checked = await checkedNumber(deps, companyId, input.number);
  const record = await conflictOnDuplicate(
    "ERR_DUPLICATED_CONTACT_LIST_ITEM",
    () =>
      deps.db.one<ContactListItem>(sql`
      insert into contact_list_items (company_id, contact_list_id, name, number, email,
                                      is_whatsapp_valid)
      values (${companyId}, ${input.contactListId}, ${input.name}, ${checked.number},
              ${input.email}, ${checked.valid})
      returning ${ITEM_COLUMNS}`),
  );
  await publishItems(deps, companyId, record.contactListId, { action: "create", record });
  return record;
}

export async function updateItem(
  deps: ItemsDeps,
  companyId: number,
  id: number,
  input: Partial<ItemInput>,
): Promise<ContactListItem> {
  const current = await showItem(deps.db, companyId, id);
  const checked = input.number === undefined
    ? { number: current.number, valid: current.isWhatsappValid }
    : await checkedNumber(deps, companyId, input.number);
  const record = await conflictOnDuplicate(
    "ERR_DUPLICATED_CONTACT_LIST_ITEM",
    () =>
      deps.db.one<ContactListItem>(sql`
      update contact_list_items
      set name = ${input.name ?? current.name}, email = ${input.email ?? current.email},
          number = ${checked.number}, is_whatsapp_valid = ${checked.valid}, updated_at = now()
      where company_id = ${companyId} and id = ${id}
      returning ${ITEM_COLUMNS}`),
  );
  await publishItems(deps, companyId, record.contactListId, { action: "update", record });
  return record;
}

export async function deleteItem(deps: ItemsDeps, companyId: number, id: number): Promise<void> {
  const gone = await deps.db.maybeOne<{ listId: number }>(sql`
    delete from contact_list_items where company_id = ${companyId} and id = ${id}
      and not exists (select 1 from campaign_shippings s join campaigns c on c.id = s.campaign_id
                      where s.contact_list_item_id = ${id} and c.status = 'EM_ANDAMENTO')
    returning contact_list_id as "listId"`);
  if (!gone) {
    await showItem(deps.db, companyId, id);
    throw new AppError("ERR_CONTACT_LIST_IN_USE", 409);
  }
  await publishItems(deps, companyId, gone.listId, { action: "delete", id });
}
