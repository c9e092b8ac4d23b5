/**
 * A queue's or a connection's pointer to a row imported after them (a prompt, an
 * integration): set once that row exists here, never over a pointer set by hand.
 */
import { sql } from "../../../lib/db/mod.ts";
import type { ImportContext } from "../context.ts";
import { ref, sid } from "../values.ts";

export async function linkQueuesAndConnections(
  ctx: ImportContext,
  from: { table: string; column: string },
  targetColumn: string,
): Promise<void> {
  const linkedIds = await ctx.ids(from.table);
  if (linkedIds.size === 0) return;
  for (const [table, target] of [["Queues", "queues"], ["Whatsapps", "whatsapps"]] as const) {
    if (!(await ctx.source.columns(table)).has(from.column)) continue;
    const ids = await ctx.ids(table);
    const rows = await ctx.source.query(
      `select id, "${from.column}" as linked from "${table}" where "${from.column}" is not null`,
    );
    const pairs = rows.flatMap((row) => {
      const id = ref(ids, row.id);
      const linked = ref(linkedIds, sid(row.linked));
      return id && linked ? [{ i: id, l: linked }] : [];
    });
    if (pairs.length === 0) continue;
    await ctx.batch((tx) =>
      tx.run(sql`
        update ${sql.ident(target)} t set ${sql.ident(targetColumn)} = p.l
        from jsonb_to_recordset(${JSON.stringify(pairs)}::text::jsonb) as p(i int, l int)
        where t.id = p.i and t.${sql.ident(targetColumn)} is null`)
    );
  }
}
