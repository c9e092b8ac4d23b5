/**
 * A spreadsheet into a contact list (admin §7 `POST /contact-lists/{id}/upload`). Rows are
 * checked by the contacts import's own rules (services/contacts/import/preview.ts), then
 * taken in batches: each batch's numbers are asked of WhatsApp at once, inserted with one
 * statement and committed, and a `progress` event tells the list's page how far it got. So
 * 50,000 rows never sit in one transaction or one WhatsApp query, and a number the list
 * already has (or that a parallel import just added) is reported as a duplicate by the
 * unique index. The answer reports every row that was not added, and why.
 */
import { sql } from "../../lib/db/mod.ts";
import type { RawContactRow } from "../contacts/import/columns.ts";
import { checkImportRows, type PreviewRow } from "../contacts/import/preview.ts";
import { publishItems } from "./events.ts";
import type { ItemsDeps } from "./items.ts";
import { showContactList } from "./lists.ts";
import { checkingConnection, checkOnWhatsapp } from "./whatsapp_check.ts";

/** A contact list may be a whole customer base. */
export const MAX_LIST_IMPORT_ROWS = 50_000;
const BATCH_SIZE = 1000;

export type ListImportStatus = "added" | "duplicate" | "invalid" | "not_on_whatsapp";

export interface ListImportReport {
  total: number;
  counts: Record<ListImportStatus, number>;
  /** Added rows whose number no connection could check yet. */
  unchecked: number;
  /** Every row not added, with the reason in detail (the contacts import's statuses). */
  skipped: { row: number; number: string; status: ListImportStatus; reason: string }[];
}

export async function importIntoList(
  deps: ItemsDeps,
  companyId: number,
  listId: number,
  rawRows: readonly RawContactRow[],
  options: { whatsappId?: number } = {},
): Promise<ListImportReport> {
  await showContactList(deps.db, companyId, listId);
  const rows = checkImportRows(rawRows, MAX_LIST_IMPORT_ROWS);
  const connection = await checkingConnection(deps.db, companyId, options.whatsappId);
  const report: ListImportReport = {
    total: rows.length,
    counts: { added: 0, duplicate: 0, invalid: 0, not_on_whatsapp: 0 },
    unchecked: 0,
    skipped: [],
  };
  const skip = (row: PreviewRow, status: ListImportStatus, reason: string) => {
    report.counts[status]++;
    report.skipped.push({ row: row.row, number: row.number, status, reason });
  };
  const valid: PreviewRow[] = [];
  for (const row of rows) {
    if (row.status === "ok") valid.push(row);
    else if (row.status === "duplicate_in_file") skip(row, "duplicate", row.status);
    else skip(row, "invalid", row.status);
  }
  for (let start = 0; start < valid.length; start += BATCH_SIZE) {
    await importBatch(deps, companyId, listId, connection, valid.slice(start, start + BATCH_SIZE), {
      report,
      skip,
    });
    const done = rows.length - valid.length + Math.min(start + BATCH_SIZE, valid.length);
    await publishItems(deps, companyId, listId, { action: "progress", done, total: rows.length });
  }
  report.skipped.sort((a, b) => a.row - b.row);
  await publishItems(deps, companyId, listId, { action: "reload" });
  return report;
}

async function importBatch(
  deps: ItemsDeps,
  companyId: number,
  listId: number,
  connection: number | undefined,
  batch: PreviewRow[],
  out: {
    report: ListImportReport;
    skip: (row: PreviewRow, status: ListImportStatus, reason: string) => void;
  },
) {
  const checked = await checkOnWhatsapp(deps, connection, batch.map((r) => r.number));
  const keep: { row: PreviewRow; number: string; valid: boolean | null }[] = [];
  const seen = new Set<string>();
  batch.forEach((row, i) => {
    const answer = checked[i]!;
    if (answer.valid === false) return out.skip(row, "not_on_whatsapp", "not_on_whatsapp");
    // Two spellings of one account (with and without the ninth digit) are one person.
    if (seen.has(answer.number)) return out.skip(row, "duplicate", "duplicate_in_file");
    seen.add(answer.number);
    keep.push({ row, number: answer.number, valid: answer.valid });
  });
  if (keep.length === 0) return;
  const inserted = await deps.db.query<{ number: string }>(sql`
    insert into contact_list_items (company_id, contact_list_id, name, number, email,
                                    is_whatsapp_valid)
    select ${companyId}, ${listId}, u.name, u.number, u.email, u.valid::boolean
    from unnest(${keep.map((k) => k.row.name)}::text[], ${keep.map((k) => k.number)}::text[],
                ${keep.map((k) => k.row.email)}::text[],
                -- As text: the drivers do not agree on binding a boolean array with nulls.
                ${keep.map((k) => k.valid === null ? null : String(k.valid))}::text[])
      as u(name, number, email, valid)
    on conflict (contact_list_id, number) do nothing
    returning number`);
  const added = new Set(inserted.map((r) => r.number));
  for (const k of keep) {
    if (!added.has(k.number)) {
      out.skip(k.row, "duplicate", "already_exists");
      continue;
    }
    out.report.counts.added++;
    if (k.valid === null) out.report.unchecked++;
  }
}
