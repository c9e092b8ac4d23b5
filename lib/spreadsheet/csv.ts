/**
 * CSV as spreadsheets write it (RFC 4180 plus what Excel does in Brazil): fields separated
 * by `;` or `,`, quoted with `"` when they hold the separator, a quote or a line break, a
 * doubled quote inside quotes, CRLF or LF line ends, and an optional byte-order mark.
 */

/** The separator of a file: whichever of `;`, `,` and tab is most common on its first line. */
export function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  let best = ";";
  let bestCount = 0;
  for (const candidate of [";", ",", "\t"]) {
    const count = firstLine.split(candidate).length - 1;
    if (count > bestCount) [best, bestCount] = [candidate, count];
  }
  return best;
}

/**
 * Rows of fields. Blank lines stay (as `[""]`) so that row numbers match the lines a
 * spreadsheet shows; a final line break does not start another row.
 */
export function parseCsv(input: string, delimiter = detectDelimiter(input)): string[][] {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = "";
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === "") quoted = true;
    else if (ch === delimiter) {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      endRow();
      if (ch === "\r" && text[i + 1] === "\n") i++;
    } else field += ch;
    i++;
  }
  if (field !== "" || row.length > 0) endRow();
  return rows;
}

/** One line of fields joined by `delimiter`, each quoted only when it has to be. */
export function csvLine(fields: readonly string[], delimiter = ";"): string {
  return fields.map((field) =>
    field.includes(delimiter) || /["\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field
  ).join(delimiter);
}
