import assert from "node:assert/strict";
import { csvLine, detectDelimiter, parseCsv } from "./csv.ts";

Deno.test("csv: quoted fields keep separators, quotes and line breaks", () => {
  const text = 'a;"b;c";"say ""hi"""\r\n"multi\nline";2;\n';
  assert.deepEqual(parseCsv(text), [["a", "b;c", 'say "hi"'], ["multi\nline", "2", ""]]);
});

Deno.test("csv: a byte-order mark is dropped, blank lines stay to keep row numbers", () => {
  assert.deepEqual(parseCsv("\uFEFFx;y\n\nz;w"), [["x", "y"], [""], ["z", "w"]]);
});

Deno.test("csv: the separator is guessed from the first line", () => {
  assert.equal(detectDelimiter("name,number,email\n"), ",");
  assert.equal(detectDelimiter("nome;numero;email\n"), ";");
  assert.equal(detectDelimiter("nome\tnumero\n"), "\t");
  assert.equal(detectDelimiter("nome\n"), ";");
  assert.deepEqual(parseCsv('Ana,"1,2"\n'), [["Ana", "1,2"]]);
});

Deno.test("csv: a written line reads back as the same fields", () => {
  const fields = ["plain", "semi;colon", 'quo"te', "line\r\nbreak", ""];
  const line = csvLine(fields);
  assert.equal(line, 'plain;"semi;colon";"quo""te";"line\r\nbreak";');
  assert.deepEqual(parseCsv(`${line}\r\n`, ";"), [fields]);
});
