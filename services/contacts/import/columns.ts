/**
 * Which column holds what in an imported sheet. The first row is a header when one of its
 * cells names a known column, in Portuguese, English or Spanish, with or without accents
 * ("Nome", "Número", "E-mail", "WhatsApp", "Teléfono"…); otherwise there is no header and
 * the columns are name, number, e-mail in that order (the export's order).
 */
import { AppError } from "../../../lib/http/errors.ts";

export interface RawContactRow {
  /** The row number a spreadsheet shows (the header, when there is one, is row 1). */
  row: number;
  name: string;
  number: string;
  email: string;
}

const HEADER_WORDS: Record<"name" | "number" | "email", readonly string[]> = {
  name: ["nome", "name", "nombre", "contato", "contact", "contacto", "nomecompleto", "fullname"],
  number: [
    "numero",
    "number",
    "telefone",
    "telefono",
    "phone",
    "phonenumber",
    "celular",
    "whatsapp",
    "fone",
    "tel",
    "mobile",
  ],
  email: ["email", "mail", "correo", "correoelectronico"],
};

/** "E-mail " → "email", "Número" → "numero". */
function headerKey(cell: string): string {
  return cell.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/[^a-z]/g, "");
}

interface ColumnMap {
  name: number;
  number: number;
  email: number;
  hasHeader: boolean;
}

function columnsOf(firstRow: readonly string[]): ColumnMap {
  const keys = firstRow.map(headerKey);
  const find = (field: keyof typeof HEADER_WORDS) =>
    keys.findIndex((key) => HEADER_WORDS[field].includes(key));
  const found = { name: find("name"), number: find("number"), email: find("email") };
  if (found.name < 0 && found.number < 0 && found.email < 0) {
    return { name: 0, number: 1, email: 2, hasHeader: false };
  }
  if (found.number < 0) throw new AppError("ERR_IMPORT_NO_NUMBER_COLUMN", 400);
  return { ...found, hasHeader: true };
}

/**
 * The sheet's data rows as name/number/e-mail, blank rows left out. A workbook's stray
 * empty rows and a CSV's blank lines are not contacts, so they are neither kept nor reported.
 */
export function contactRowsOf(sheet: readonly string[][]): RawContactRow[] {
  const first = sheet[0];
  if (!first) return [];
  const columns = columnsOf(first);
  const rows: RawContactRow[] = [];
  sheet.forEach((cells, index) => {
    if (columns.hasHeader && index === 0) return;
    const cell = (at: number) => (at < 0 ? "" : cells[at]?.trim() ?? "");
    const row = {
      row: index + 1,
      name: cell(columns.name),
      number: cell(columns.number),
      email: cell(columns.email),
    };
    if (row.name || row.number || row.email) rows.push(row);
  });
  return rows;
}
