/**
 * The ticket list's text search (core §7 `searchParam`): a part of the contact's name, of
 * their number (for number-like text), or of any message of the ticket.
 *
 * Two plans, because no single one is fast for both kinds of words:
 * - a rare word is found through the trigram indexes (migrations 0016, 0017): the tickets of
 *   the matching contacts and of the matching messages, a small set;
 * - a common word ("mensagem", "obrigado") matches a large share of a million messages, and
 *   building that set took about 0.9 s. But then almost every recent ticket matches, so the
 *   list's newest tickets are checked one by one (each through the messages' index by ticket)
 *   and a page is full long before the end.
 * The recent window is tried first: it answers when it fills the page or holds the whole list;
 * only otherwise (a rare word beyond the newest tickets) does the indexed set decide.
 */
import { type Db, type Sql, sql } from "../../lib/db/mod.ts";
import { containsPattern, phoneDigitsPattern } from "../../lib/db/paging.ts";

/** How many of the list's newest tickets the first plan checks. */
export const RECENT_WINDOW = 1000;

/**
 * The tickets matching `search` as one indexed set: a union of two parts, each read through
 * its trigram index. Written as `contact in (…) or id in (…)`, Postgres could only check both
 * on every ticket of the company.
 */
export function matchingTicketsFilter(companyId: number, search: string): Sql {
  const pattern = containsPattern(search);
  const digits = phoneDigitsPattern(search);
  const byContact = digits
    ? sql`(lower(s.name) like ${pattern} or s.number like ${digits})`
    : sql`lower(s.name) like ${pattern}`;
  return sql`t.id in (
    select x.id from tickets x
    where x.company_id = ${companyId} and x.contact_id in (
      select s.id from contacts s where s.company_id = ${companyId} and ${byContact})
    union
    select m.ticket_id from messages m
    where m.company_id = ${companyId} and lower(m.body) like ${pattern})`;
}

/**
 * The first plan: among the newest `RECENT_WINDOW` tickets of the list (`filters`, from the
 * page's cursor on, in the list's order), the ids of the first `need` that match, and how many
 * of the window match (`count`: exact when the window holds the whole list; for a word so
 * common that the window fills the page, it counts the matches among those newest tickets).
 * Answers null when the window cannot tell (fewer than `need` matches in a full window): then
 * the indexed set must decide.
 */
export async function recentMatches(
  db: Db,
  companyId: number,
  list: { filters: Sql[]; after: Sql },
  search: string,
  need: number,
): Promise<{ ids: number[]; count: number } | null> {
  const pattern = containsPattern(search);
  const digits = phoneDigitsPattern(search);
  const byNumber = digits ? sql` or s.number like ${digits}` : sql``;
  // Each window ticket is checked on its own (LATERAL … LIMIT 1 through the messages' index by
  // ticket): a plain EXISTS under OR may be planned as one hashed set of every matching
  // message, which is the cost this plan is here to avoid.
  const row = await db.one<{ size: number; count: number; ids: number[] }>(sql`
    with w as materialized (
      select t.id, t.contact_id, t.updated_at from tickets t
      where ${sql.join(list.filters, " and ")} ${list.after}
      order by t.updated_at desc, t.id desc
      limit ${RECENT_WINDOW}),
    hits as materialized (
      select w.id, w.updated_at from w
      left join lateral (
        select 1 as hit from contacts s
        where s.id = w.contact_id and (lower(s.name) like ${pattern}${byNumber})
        limit 1) by_contact on true
      left join lateral (
        select 1 as hit from messages m
        where m.ticket_id = w.id and m.company_id = ${companyId}
          and lower(m.body) like ${pattern}
        limit 1) by_message on by_contact.hit is null
      where by_contact.hit is not null or by_message.hit is not null)
    select (select count(*)::int from w) as size,
           (select count(*)::int from hits) as count,
           array(select id from hits order by updated_at desc, id desc limit ${need}) as ids`);
  return row.ids.length >= need || row.size < RECENT_WINDOW
    ? { ids: row.ids, count: row.count }
    : null;
}
