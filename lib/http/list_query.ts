/**
 * Paged lists (DESIGN §4): `?searchParam=…&pageNumber=…`, 20 rows a page, answered with
 * `hasMore`. A page reads one row more than it shows, so `hasMore` costs no count query.
 *
 * @example
 * const { searchParam, pageNumber } = validateQuery(c, ListQuery);
 * const rows = await db.query(sql`… limit ${PAGE_SIZE + 1} offset ${pageOffset(pageNumber)}`);
 * return c.json({ plans: pageRows(rows), hasMore: rows.length > PAGE_SIZE });
 */
import { z } from "zod";

export const PAGE_SIZE = 20;

export const ListQuery = z.object({
  searchParam: z.string().trim().max(200).optional().default(""),
  pageNumber: z.coerce.number({ error: "Página inválida" }).int("Página inválida")
    .min(1, "Página inválida").max(100_000, "Página inválida").optional().default(1),
});
export type ListQuery = z.output<typeof ListQuery>;

export function pageOffset(pageNumber: number): number {
  return (pageNumber - 1) * PAGE_SIZE;
}

/** The rows to show of a page read with `limit PAGE_SIZE + 1`. */
export function pageRows<T>(rows: T[]): T[] {
  return rows.slice(0, PAGE_SIZE);
}

// One definition of the search pattern for every list (lib/db/paging.ts).
export { containsPattern } from "../db/paging.ts";
