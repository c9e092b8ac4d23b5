/**
 * What an import did, per source table: rows read, imported, and skipped or repaired with the
 * reason, printed at the end; and a progress bar per table on stderr while it runs.
 */

export interface TableReport {
  table: string;
  read: number;
  imported: number;
  /** Reason → rows not imported for it ("already imported" on a second run). */
  skipped: Map<string, number>;
  /** Note → rows imported after a repair (a second open ticket closed, a marker stripped). */
  repaired: Map<string, number>;
}

export class ImportReport {
  readonly tables: TableReport[] = [];

  table(name: string): TableReport {
    let found = this.tables.find((t) => t.table === name);
    if (!found) {
      found = { table: name, read: 0, imported: 0, skipped: new Map(), repaired: new Map() };
      this.tables.push(found);
    }
    return found;
  }

  get imported(): number {
    return this.tables.reduce((sum, t) => sum + t.imported, 0);
  }

  /** The final report as plain text, one line per table and one per reason. */
  toText(): string {
    const width = Math.max(10, ...this.tables.map((t) => t.table.length));
    const lines = [`${"table".padEnd(width)}      read  imported   skipped`];
    for (const t of this.tables) {
      const skipped = [...t.skipped.values()].reduce((a, b) => a + b, 0);
      lines.push(
        `${t.table.padEnd(width)} ${String(t.read).padStart(9)} ${String(t.imported).padStart(9)} ${
          String(skipped).padStart(9)
        }`,
      );
      for (const [reason, n] of t.skipped) {
        lines.push(`${"".padEnd(width)}   skipped ${n}: ${reason}`);
      }
      for (const [note, n] of t.repaired) {
        lines.push(`${"".padEnd(width)}   repaired ${n}: ${note}`);
      }
    }
    return lines.join("\n");
  }
}

export function count(map: Map<string, number>, key: string, n = 1): void {
  map.set(key, (map.get(key) ?? 0) + n);
}

/** Writes "Tickets  [#####-----]  52000/100000" over itself on stderr (quiet when not asked). */
export class Progress {
  #last = 0;
  constructor(private readonly enabled: boolean) {}

  update(table: string, done: number, total: number, final = false): void {
    if (!this.enabled) return;
    const now = performance.now();
    if (!final && now - this.#last < 200) return;
    this.#last = now;
    const share = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(share * 30);
    const bar = `${"#".repeat(filled)}${"-".repeat(30 - filled)}`;
    const line = `\r${table.padEnd(22)} [${bar}] ${done}/${total}`;
    Deno.stderr.writeSync(new TextEncoder().encode(final ? `${line}\n` : line));
  }
}
