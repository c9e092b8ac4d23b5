/**
 * The query of a paged list (DESIGN §4): `?searchParam=…&pageNumber=…`. The SQL side of
 * paging (page size, `limit`/`offset`, `hasMore`) is lib/db/paging.ts.
 *
 * @example
 * const { searchParam, pageNumber } = validateQuery(c, ListQuery);
 * const page = pageOf(await db.query(sql`… order by id ${pageClause(pageNumber)}`));
 * return c.json({ plans: page.rows, hasMore: page.hasMore });
 */
import { z } from "zod";

/**
 * A page number from 1 (1 when absent or blank), bounded so an offset never overflows;
 * refused with zod's own codes (ERR_INVALID_NUMBER, ERR_TOO_SMALL, ERR_TOO_LARGE).
 */
export const pageNumberField = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z.coerce.number().int().min(1).max(100_000).optional(),
);

export const ListQuery = z.object({
  searchParam: z.string().trim().max(200).optional().default(""),
  pageNumber: pageNumberField.transform((page) => page ?? 1),
});
export type ListQuery = z.output<typeof ListQuery>;
