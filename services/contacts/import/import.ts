/**
 * Creates the valid rows of an import in one transaction, in batches (one statement per
 * thousand rows rather than one per contact), and reports every row left out and why.
 * A number that another request created meanwhile is caught by the unique index and
 * reported as `already_exists`, like one the preview saw.
 */
import { sql } from "../../../lib/db/mod.ts";
import { type ContactsDeps, publishContactEvent } from "../events.ts";
import type { RawContactRow } from "./columns.ts";
import { type ImportRowStatus, previewImport, type PreviewRow } from "./preview.ts";

const BATCH_SIZE = 1000;

export interface ImportResult {
  created: number;
  skipped: { row: number; reason: Exclude<ImportRowStatus, "ok"> }[];
}

export async function importContacts(
  deps: ContactsDeps,
  companyId: number,
  rawRows: readonly RawContactRow[],
): Promise<ImportResult> {
  const result = await deps.db.transaction(async (tx) => {
    const preview = await previewImport(tx, companyId, rawRows);
    const skipped: ImportResult["skipped"] = [];
    const valid: PreviewRow[] = [];
    for (const row of preview.rows) {
      if (row.status === "ok") valid.push(row);
      else skipped.push({ row: row.row, reason: row.status });
    }
    let created = 0;
    for (let start = 0; start < valid.length; start += BATCH_SIZE) {
      const batch = valid.slice(start, start + BATCH_SIZE);
      const inserted = await tx.query<{ number: string }>(sql`
        insert into contacts (company_id, name, number, email)
        select ${companyId}, u.name, u.number, u.email
        from unnest(${batch.map((r) => r.name)}::text[], ${batch.map((r) => r.number)}::text[],
                    ${batch.map((r) => r.email)}::text[]) as u(name, number, email)
        on conflict (company_id, number) do nothing
        returning number`);
      created += inserted.length;
      if (inserted.length < batch.length) {
        const taken = new Set(inserted.map((r) => r.number));
        for (const row of batch) {
          if (!taken.has(row.number)) skipped.push({ row: row.row, reason: "already_exists" });
        }
      }
    }
    skipped.sort((a, b) => a.row - b.row);
    return { created, skipped };
  });
  if (result.created > 0) {
    await publishContactEvent(deps, companyId, { action: "reload", created: result.created });
  }
  return result;
}
