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
