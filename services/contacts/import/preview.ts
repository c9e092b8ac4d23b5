/**
 * What an import would do, row by row, without writing anything: the answer of
 * `POST /api/contacts/upload`, and the plan `importContacts` carries out.
 *
 * Rows are held to the same rules as the contact form (core §5), so that an imported
 * contact can later be edited without first having to be fixed: name of 2 to 50 characters
 * (longer names are cut at 50 rather than refused), a number that normalises, an e-mail
 * that is valid when present. Of several valid rows with one number, the first counts and
 * the rest are `duplicate_in_file`; a number the company already has is `already_exists`.
 */
import { z } from "zod";
import { type Queryable, sql } from "../../../lib/db/mod.ts";
import { AppError } from "../../../lib/http/errors.ts";
import { normaliseNumber } from "../number.ts";
import type { RawContactRow } from "./columns.ts";

export const IMPORT_ROW_STATUSES = [
  "ok",
  "empty_name",
  "invalid_name",
  "invalid_number",
  "invalid_email",
  "duplicate_in_file",
  "already_exists",
] as const;
export type ImportRowStatus = typeof IMPORT_ROW_STATUSES[number];

/** Enough for any address book; a bigger file is refused before any work. */
export const MAX_IMPORT_ROWS = 20_000;
const NAME_MAX = 50;

export interface PreviewRow {
  row: number;
  name: string;
  /** Normalised when valid, else as written. */
  number: string;
  email: string;
  status: ImportRowStatus;
}

export interface ImportPreview {
  rows: PreviewRow[];
  total: number;
  counts: Record<ImportRowStatus, number>;
}

const emailSchema = z.email();

/** The export writes `'=…` for cells a spreadsheet would run as formulas; this undoes it. */
function withoutFormulaGuard(text: string): string {
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
}

function checkRow(raw: RawContactRow): PreviewRow {
  const name = withoutFormulaGuard(raw.name).slice(0, NAME_MAX).trim();
  const email = withoutFormulaGuard(raw.email);
  const number = normaliseNumber(raw.number);
  const row = { row: raw.row, name, email, number: number ?? raw.number };
  if (name === "") return { ...row, status: "empty_name" };
  if (name.length < 2) return { ...row, status: "invalid_name" };
  if (number === null) return { ...row, status: "invalid_number" };
  if (email !== "" && !emailSchema.safeParse(email).success) {
    return { ...row, status: "invalid_email" };
  }
  return { ...row, status: "ok" };
}

/**
 * Each row held to the contact form's rules, and of several valid rows with one number the
 * first kept (the rest `duplicate_in_file`); no database. A file of more than `maxRows` rows
 * is refused before any work. Contact lists import through this too (services/contact_lists).
 */
export function checkImportRows(
  rawRows: readonly RawContactRow[],
  maxRows = MAX_IMPORT_ROWS,
): PreviewRow[] {
  if (rawRows.length > maxRows) {
    throw new AppError("ERR_IMPORT_TOO_MANY_ROWS", 400, { max: maxRows });
  }
  const rows = rawRows.map(checkRow);
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.status !== "ok") continue;
    if (seen.has(row.number)) row.status = "duplicate_in_file";
    seen.add(row.number);
  }
  return rows;
}

export async function previewImport(
  db: Queryable,
  companyId: number,
  rawRows: readonly RawContactRow[],
): Promise<ImportPreview> {
  const rows = checkImportRows(rawRows);
  const candidates = rows.filter((row) => row.status === "ok").map((row) => row.number);
  if (candidates.length > 0) {
    const existing = new Set(
      (await db.query<{ number: string }>(sql`
        select number from contacts
        where company_id = ${companyId} and number = any(${candidates}::text[])`))
        .map((r) => r.number),
    );
    for (const row of rows) {
      if (row.status === "ok" && existing.has(row.number)) row.status = "already_exists";
    }
  }
  const counts = Object.fromEntries(IMPORT_ROW_STATUSES.map((s) => [s, 0])) as ImportPreview[
    "counts"
  ];
  for (const row of rows) counts[row.status]++;
  return { rows, total: rows.length, counts };
}
