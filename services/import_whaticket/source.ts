/**
 * The Whaticket database, read only: one read-only, repeatable-read transaction over the whole
 * import, so every table is read from the same moment however long the import takes and
 * nothing can be written there by mistake.
 */
import postgres from "postgres";

export type SourceRow = Record<string, unknown>;

export interface Source {
  /** "whaticket:<host>:<port>/<database>": what the mappings are kept under (no secrets). */
  readonly name: string;
  query(text: string, values?: unknown[]): Promise<SourceRow[]>;
  /** Whether the source has this table (older Whaticket versions lack some). */
  hasTable(table: string): Promise<boolean>;
  /** The table's columns, to read the optional ones only where they exist. */
  columns(table: string): Promise<Set<string>>;
}

export function sourceNameOf(url: string): string {
  const parsed = new URL(url);
  return `whaticket:${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
}

/** Opens the source at `url` and runs `work` inside its read-only snapshot. */
export async function withSource<T>(url: string, work: (source: Source) => Promise<T>): Promise<T> {
  const client = postgres(url, {
    max: 1,
    onnotice: () => {},
    // Keep dates and big numbers as the text Postgres sends: the mapping decides their types.
    types: { bigint: { to: 20, from: [20], serialize: String, parse: (v: string) => Number(v) } },
  });
  const columnCache = new Map<string, Set<string>>();
  try {
    return await client.begin("isolation level repeatable read read only", async (tx) => {
      const query = async (text: string, values: unknown[] = []) =>
        // deno-lint-ignore no-explicit-any
        [...await tx.unsafe(text, values as any[])] as SourceRow[];
      const source: Source = {
        name: sourceNameOf(url),
        query,
        async columns(table) {
          let found = columnCache.get(table);
          if (!found) {
            const rows = await query(
              `select column_name from information_schema.columns
               where table_schema = current_schema() and table_name = $1`,
              [table],
            );
            found = new Set(rows.map((row) => String(row.column_name)));
            columnCache.set(table, found);
          }
          return found;
        },
        async hasTable(table) {
          return (await source.columns(table)).size > 0;
        },
      };
      return await work(source);
    }) as T;
  } finally {
    await client.end({ timeout: 5 });
  }
}
