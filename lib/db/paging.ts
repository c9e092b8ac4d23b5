/**
 * The list conventions of the API (DESIGN §4): pages of 20 by `pageNumber` (from 1), and
 * `hasMore` found by asking for one row more than a page instead of counting the table.
 */
import { type Sql, sql } from "./sql.ts";

export const PAGE_SIZE = 20;

/** `limit … offset …` for a page, fetching one extra row to tell whether more follow. */
export function pageClause(pageNumber: number, pageSize = PAGE_SIZE): Sql {
  return sql`limit ${pageSize + 1} offset ${(pageNumber - 1) * pageSize}`;
}

/** Splits the rows of a `pageClause` query into the page and `hasMore`. */
export function pageOf<T>(rows: T[], pageSize = PAGE_SIZE): { rows: T[]; hasMore: boolean } {
  return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

/**
 * How many rows a list's filter matches, for the answer's `count`, counted only when the page
 * itself cannot tell: a last page by number says it (the rows before it plus its own), and a
 * page after a keyset cursor leaves it out (undefined), since the client that pages by
 * cursor kept the count of its first page. Counting a company's whole history on every
 * scroll cost more than the page itself (tickets at 100k: 4 ms a page became 17).
 */
export async function countOf(
  request: { cursor?: string; pageNumber?: number },
  page: { rows: unknown[]; hasMore: boolean },
  pageSize: number,
  countAll: () => Promise<number>,
): Promise<number | undefined> {
  if (request.cursor) return undefined;
  const pageNumber = request.pageNumber ?? 1;
  // A page past the end is empty and tells nothing about the pages before it.
  const lastPageShown = !page.hasMore && (pageNumber === 1 || page.rows.length > 0);
  if (lastPageShown) return (pageNumber - 1) * pageSize + page.rows.length;
  return await countAll();
}

/**
 * A `like` pattern that finds `text` anywhere, lowercased (the spec lowercases searches),
 * with `%`, `_` and the escape character taken literally (Postgres' default escape is `\`).
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * When a search looks like a phone number as people write it ("(11) 98765-4321",
 * "+55 11 9876"), the `like` pattern of its digits, to match the digits-only numbers
 * Balcão stores; otherwise undefined (a name with a digit in it is not a number search).
 */
export function phoneDigitsPattern(text: string): string | undefined {
  const term = text.trim();
  const digits = term.replace(/\D/g, "");
  if (!digits || !/^[\d\s()+\-.]+$/.test(term)) return undefined;
  return `%${digits}%`;
}
