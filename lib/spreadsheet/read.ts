/**
 * Reads an uploaded spreadsheet (.xlsx, .xls or .csv) into rows of text cells, checking that
 * the content is what the name says (ASVS 5.2.2) before any parser sees it. The contacts
 * import and the contact lists' import both read through here.
 *
 * .xlsx goes through read-excel-file; legacy .xls (Excel 97-2003, BIFF in an OLE2 container)
 * through SheetJS as @e965/xlsx (see deno.json): SheetJS's own npm name stopped at 0.18.5,
 * with known advisories (prototype pollution, fixed in 0.19.3; ReDoS, fixed in 0.20.2);
 * @e965/xlsx republishes the fixed 0.20.3. Only the first sheet is parsed. Both libraries
 * (about 30 MB once loaded) are loaded with the first workbook, not at start.
 */
import { AppError } from "../http/errors.ts";
import { parseCsv } from "./csv.ts";

/** An .xlsx is a zip: more than this much once unpacked is refused (a "zip bomb"). */
export const MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((byte, i) => bytes[i] === byte);
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot < 0 ? "" : fileName.slice(dot + 1).toLowerCase();
}

const wrongType = () => new AppError("ERR_IMPORT_FILE_TYPE", 415);
const unreadable = () => new AppError("ERR_IMPORT_FILE_UNREADABLE", 400);

/** Rows of trimmed cell text, first sheet only for a workbook. */
export async function readSpreadsheet(fileName: string, bytes: Uint8Array): Promise<string[][]> {
  const extension = extensionOf(fileName);
  const isZip = startsWith(bytes, ZIP_MAGIC);
  const isOle = startsWith(bytes, OLE2_MAGIC);
  if (extension === "xls") {
    // A workbook saved as .xlsx but named .xls is still read; any other content is refused
    // (web systems' "xls" exports that are really HTML included: they carry no real sheet).
    if (isZip) return await readXlsx(bytes);
    if (!isOle) throw wrongType();
    return await readXls(bytes);
  }
  if (extension === "xlsx") {
    if (!isZip) throw wrongType();
    return await readXlsx(bytes);
  }
  if (extension === "csv") {
    if (isZip || isOle || bytes.includes(0)) throw wrongType();
    return parseCsv(decodeText(bytes)).map((row) => row.map((cell) => cell.trim()));
  }
  throw wrongType();
}

async function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  const unzipped = declaredUnzippedSize(bytes);
  if (unzipped === null) throw unreadable();
  if (unzipped > MAX_UNZIPPED_BYTES) throw new AppError("ERR_PAYLOAD_TOO_LARGE", 413);
  const { readSheet } = await import("read-excel-file/universal");
  let data;
  try {
    const copy = bytes.slice().buffer;
    data = await readSheet(copy, 1);
  } catch {
    throw unreadable();
  }
  return data.map((row) => row.map(cellText));
}

async function readXls(bytes: Uint8Array): Promise<string[][]> {
  const { read: readWorkbook, utils: sheetUtils } = await import("@e965/xlsx");
  let rows: unknown[][];
  try {
    const book = readWorkbook(bytes, { type: "array", dense: true, cellDates: true, sheets: 0 });
    const first = book.Sheets[book.SheetNames[0] ?? ""];
    if (!first) throw unreadable();
    rows = sheetUtils.sheet_to_json<unknown[]>(first, { header: 1, raw: true, defval: "" });
  } catch {
    throw unreadable();
  }
  return rows.map((row) => row.map(cellText));
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "number") {
    // Phone numbers typed as numbers: whole digits, never "5.5e+12".
    return Number.isInteger(cell)
      ? cell.toLocaleString("en-US", { useGrouping: false })
      : String(cell);
  }
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

/** UTF-8 when the bytes are valid UTF-8, else Windows-1252 (what Excel in Brazil writes). */
function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/**
 * The sum of the unpacked sizes a zip's central directory declares, or null when there is
 * no readable central directory. Checked before unpacking, so a small upload cannot make
 * the server inflate gigabytes.
 */
export function declaredUnzippedSize(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is 22 bytes plus a comment of up to 65535 bytes, at the very end.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (view.getUint32(at, true) !== 0x06054b50) continue;
    const entries = view.getUint16(at + 10, true);
    let offset = view.getUint32(at + 16, true);
    let total = 0;
    for (let n = 0; n < entries; n++) {
      if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return null;
      total += view.getUint32(offset + 24, true);
      offset += 46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) +
        view.getUint16(offset + 32, true);
    }
    return total;
  }
  return null;
}
