/**
 * The company's contacts as CSV for Excel (admin §2): `name;number;email`, a header line,
 * UTF-8 with a byte-order mark (without it Excel reads accents as Windows-1252), CRLF line
 * ends, fields quoted when they hold a `;`, a quote or a line break.
 *
 * A name or e-mail starting with `=`, `+`, `-` or `@` would run as a formula when the file
 * is opened ("CSV injection"; names come from WhatsApp profiles, written by strangers), so
 * it is written with a leading apostrophe, which the importer removes again.
 *
 * The rows are read in id order, a few thousand at a time, and streamed: a large address
 * book is never held in memory whole.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { csvLine } from "../../lib/spreadsheet/csv.ts";

export const EXPORT_HEADER = ["name", "number", "email"] as const;
const CHUNK_SIZE = 2000;

function guardFormula(text: string): string {
  return /^[=+\-@]/.test(text) ? `'${text}` : text;
}

export function exportContactsCsv(db: Queryable, companyId: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let afterId = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(EXPORT_HEADER)}\r\n`));
        return;
      }
      const rows = await db.query<{ id: number; name: string; number: string; email: string }>(
        sql`
        select id, name, number, email from contacts
        where company_id = ${companyId} and id > ${afterId}
        order by id limit ${CHUNK_SIZE}`,
      );
      if (rows.length === 0) {
        controller.close();
        return;
      }
      afterId = rows[rows.length - 1]!.id;
      const text = rows.map((r) =>
        csvLine([guardFormula(r.name), r.number, guardFormula(r.email)]) + "\r\n"
      ).join("");
      controller.enqueue(encoder.encode(text));
    },
  });
}
