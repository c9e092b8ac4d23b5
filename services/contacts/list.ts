/**
 * The contacts list (paged, searchable, filtered by creation date) and the short list that
 * pickers use. Both are ordered by name, then id, which the (company_id, lower(name), id)
 * index serves.
 *
 * Search matches a part of the name (case-insensitive) or, when the term is written like a
 * phone number (digits with spaces, "+", "(", ")", "-" or "."), a part of the number. It scans the company's own rows: at address-book sizes (tens of
 * thousands per company) that takes milliseconds; a trigram index would need the pg_trgm
 * extension loaded into the embedded database as well, which is left for when a company's
 * contacts outgrow this.
 *
 * Dates are calendar days in UTC (YYYY-MM-DD): `date` is one day, `dateStart`/`dateEnd`
 * an inclusive range of days, either end optional. `tagId` keeps the contacts carrying that
 * tag, through the (company_id, tag_id, contact_id) index of contact_tags; another
 * company's tag matches no contact.
 */
import { type Queryable, type Sql, sql } from "../../lib/db/mod.ts";
import { containsPattern, phoneDigitsPattern } from "../../lib/db/paging.ts";
import { CONTACT_COLUMNS } from "./contacts.ts";
import type { Contact } from "./types.ts";

export const CONTACTS_PAGE_SIZE = 20;
/** The pickers' list answers at most this many; they narrow it with a search. */
export const CONTACT_OPTIONS_LIMIT = 100;

export interface ContactsQuery {
  searchParam?: string;
  pageNumber: number;
  date?: string;
  dateStart?: string;
  dateEnd?: string;
  tagId?: number;
}

export interface ContactsPage {
  contacts: Contact[];
  count: number;
  hasMore: boolean;
}

export interface ContactOption {
  id: number;
  name: string;
  number: string;
}

function searchCondition(searchParam: string | undefined): Sql | undefined {
  const term = searchParam?.trim();
  if (!term) return undefined;
  const byName = sql`lower(c.name) like ${containsPattern(term)}`;
  const digits = phoneDigitsPattern(term);
  return digits ? sql`(${byName} or c.number like ${digits})` : byName;
}

const startOfUtcDay = (day: string) => sql`((${day}::date)::timestamp at time zone 'UTC')`;

function conditions(companyId: number, query: Omit<ContactsQuery, "pageNumber">): Sql {
  const parts: Sql[] = [sql`c.company_id = ${companyId}`];
  const search = searchCondition(query.searchParam);
  if (search) parts.push(search);
  const from = query.date ?? query.dateStart;
  const to = query.date ?? query.dateEnd;
  if (from) parts.push(sql`c.created_at >= ${startOfUtcDay(from)}`);
  if (to) parts.push(sql`c.created_at < ${startOfUtcDay(to)} + interval '1 day'`);
  if (query.tagId !== undefined) {
    parts.push(sql`exists (select 1 from contact_tags ct
      where ct.company_id = ${companyId} and ct.tag_id = ${query.tagId} and ct.contact_id = c.id)`);
  }
  return sql.join(parts, " and ");
}

export async function listContacts(
  db: Queryable,
  companyId: number,
  query: ContactsQuery,
): Promise<ContactsPage> {
  const where = conditions(companyId, query);
  const offset = (query.pageNumber - 1) * CONTACTS_PAGE_SIZE;
  const [contacts, total] = await Promise.all([
    db.query<Contact>(sql`
      select ${CONTACT_COLUMNS} from contacts c where ${where}
      order by lower(c.name), c.id
      limit ${CONTACTS_PAGE_SIZE} offset ${offset}`),
    db.one<{ count: number }>(sql`select count(*)::int as count from contacts c where ${where}`),
  ]);
  return { contacts, count: total.count, hasMore: offset + contacts.length < total.count };
}

export async function listContactOptions(
  db: Queryable,
  companyId: number,
  searchParam?: string,
): Promise<ContactOption[]> {
  return await db.query<ContactOption>(sql`
    select c.id, c.name, c.number from contacts c
    where ${conditions(companyId, { searchParam })}
    order by lower(c.name), c.id
    limit ${CONTACT_OPTIONS_LIMIT}`);
}
