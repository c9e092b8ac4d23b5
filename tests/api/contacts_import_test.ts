/**
 * Import and export of contacts through the API, with real files made here: .csv text,
 * .xlsx workbooks written by write-excel-file (a writer independent of the reader the server
 * uses, so a test cannot pass by the reader agreeing with itself), and legacy .xls (BIFF8)
 * workbooks written by SheetJS (no other npm writer makes that format).
 */
import assert from "node:assert/strict";
import { utils as sheetUtils, write as writeWorkbook } from "@e965/xlsx";
import writeXlsxFile from "write-excel-file/universal";
import { sql } from "../../lib/db/mod.ts";
import { openTestApp } from "../helpers/app.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { type Caller, callerFor } from "../helpers/contacts_api.ts";

type Cell = string | number | null;

async function xlsxFile(rows: Cell[][], name = "contacts.xlsx"): Promise<File> {
  const data = rows.map((row) => row.map((value) => (value === null ? null : { value })));
  const blob = await (await writeXlsxFile(data)).toBlob();
  return new File([blob], name, {
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  });
}

/** An Excel 97-2003 workbook (BIFF8 in an OLE2 container); `null` leaves the cell empty. */
function xlsFile(rows: Cell[][], name = "contacts.xls"): File {
  const book = sheetUtils.book_new();
  sheetUtils.book_append_sheet(book, sheetUtils.aoa_to_sheet(rows), "Contatos");
  const bytes = new Uint8Array(writeWorkbook(book, { type: "array", bookType: "biff8" }));
  return new File([bytes], name, { type: "application/vnd.ms-excel" });
}

function csvFile(text: string, name = "contacts.csv"): File {
  return new File([text], name, { type: "text/csv" });
}

interface PreviewBody {
  rows: { row: number; name: string; number: string; email: string; status: string }[];
  total: number;
  counts: Record<string, number>;
}

async function preview(caller: Caller, file: File): Promise<PreviewBody> {
  const res = await caller.upload("/api/contacts/upload", file);
  assert.equal(res.status, 200, await res.clone().text());
  return await res.json();
}

async function errorOf(res: Response): Promise<[number, string]> {
  return [res.status, (await res.json()).error];
}

Deno.test("[api] contacts import and export", async (t) => {
  const { app, db, jwtKey, close } = await openTestApp();
  try {
    const companyA = await createTestCompany(db);
    const companyB = await createTestCompany(db);
    const adminA = await callerFor(app, jwtKey, await createTestUser(db, companyA), "admin");
    const adminB = await callerFor(app, jwtKey, await createTestUser(db, companyB), "admin");
    const countOf = async (companyId: number) =>
      (await db.one<{ n: number }>(
        sql`select count(*)::int as n from contacts where company_id = ${companyId}`,
      )).n;
    await adminA.json("POST", "/api/contacts", { name: "Já Existe", number: "11 91111-1111" });

    await t.step("a CSV preview gives each row its status and writes nothing", async () => {
      const body = await preview(
        adminA,
        csvFile(
          "\uFEFFNome;Número;E-mail\r\n" +
            "Ana;(11) 98765-4321;ana@example.com\r\n" + // 2 ok
            "Beto;12345;\r\n" + // 3 invalid_number
            "\r\n" + // 4 blank: neither kept nor reported
            "Ana de novo;5511987654321;\r\n" + // 5 duplicate_in_file
            "Velho;11911111111;\r\n" + // 6 already_exists
            ";11922222222;\r\n" + // 7 empty_name
            "Caio;11933333333;caio@\r\n" + // 8 invalid_email
            "D;11944444444;\r\n" + // 9 invalid_name
            '"Silva; Eva";"+351 912 345 678";eva@example.pt\r\n', // 10 ok, quoted
        ),
      );
      assert.deepEqual(body.rows.map((r) => [r.row, r.status]), [
        [2, "ok"],
        [3, "invalid_number"],
        [5, "duplicate_in_file"],
        [6, "already_exists"],
        [7, "empty_name"],
        [8, "invalid_email"],
        [9, "invalid_name"],
        [10, "ok"],
      ]);
      assert.deepEqual(body.rows[0], {
        row: 2,
        name: "Ana",
        number: "5511987654321",
        email: "ana@example.com",
        status: "ok",
      });
      assert.equal(body.rows[7]!.name, "Silva; Eva");
      assert.equal(body.rows[7]!.number, "351912345678");
      assert.equal(body.total, 8);
      assert.equal(body.counts.ok, 2);
      assert.equal(body.counts.duplicate_in_file, 1);
      assert.equal(await countOf(companyA), 1, "a preview writes nothing");
    });

    await t.step("an .xlsx preview reads numbers typed as numbers, English headers", async () => {
      const body = await preview(
        adminA,
        await xlsxFile([
          ["Name", "Phone", "Email"],
          ["Ana", 11987654321, "ana@example.com"],
          ["Bia", "(21) 3333-4444", null],
          [null, null, null],
          ["Zeca", 123, null],
        ]),
      );
      assert.deepEqual(body.rows.map((r) => [r.row, r.name, r.number, r.status]), [
        [2, "Ana", "5511987654321", "ok"],
        [3, "Bia", "552133334444", "ok"],
        [5, "Zeca", "123", "invalid_number"],
      ]);
    });

    await t.step("an .xls (Excel 97-2003) preview gives the same per-row report", async () => {
      const body = await preview(
        adminA,
        xlsFile([
          ["Nome", "Número", "E-mail"],
          ["Ana", 11987654321, "ana@example.com"],
          ["Bia", "(21) 3333-4444", null],
          [null, null, null],
          ["Zeca", 123, null],
          ["Velho", "11 91111-1111", "velho@"],
        ]),
      );
      assert.deepEqual(body.rows.map((r) => [r.row, r.name, r.number, r.email, r.status]), [
        [2, "Ana", "5511987654321", "ana@example.com", "ok"],
        [3, "Bia", "552133334444", "", "ok"],
        [5, "Zeca", "123", "", "invalid_number"],
        [6, "Velho", "5511911111111", "velho@", "invalid_email"],
      ]);
      assert.equal(await countOf(companyA), 1, "a preview writes nothing");
    });

    await t.step("a sheet without a header is read as name, number, e-mail", async () => {
      const body = await preview(adminA, csvFile("Ana,11987654321,ana@example.com\n"));
      assert.deepEqual(body.rows.map((r) => [r.row, r.name, r.number, r.status]), [
        [1, "Ana", "5511987654321", "ok"],
      ]);
    });

    await t.step("files that are not what they claim, or too big, are refused", async () => {
      const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
      const cases: [File, number, string][] = [
        [new File([ole], "broken.xls"), 400, "ERR_IMPORT_FILE_UNREADABLE"],
        // What some web systems export as "xls" is an HTML page: no sheet to trust.
        [
          csvFile("<table><tr><td>Ana</td></tr></table>", "report.xls"),
          415,
          "ERR_IMPORT_FILE_TYPE",
        ],
        [new File([xlsFile([["a"]])], "old.csv"), 415, "ERR_IMPORT_FILE_TYPE"],
        [new File([xlsFile([["a"]])], "old.xlsx"), 415, "ERR_IMPORT_FILE_TYPE"],
        [csvFile("Nome;Numero\nAna;11987654321\n", "text.xlsx"), 415, "ERR_IMPORT_FILE_TYPE"],
        [
          new File([await (await xlsxFile([["a"]])).arrayBuffer()], "zip.csv"),
          415,
          "ERR_IMPORT_FILE_TYPE",
        ],
        [csvFile("%PDF-1.7", "file.pdf"), 415, "ERR_IMPORT_FILE_TYPE"],
        [
          new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])], "broken.xlsx"),
          400,
          "ERR_IMPORT_FILE_UNREADABLE",
        ],
        [csvFile("Nome;E-mail\nAna;ana@example.com\n"), 400, "ERR_IMPORT_NO_NUMBER_COLUMN"],
        [csvFile("x".repeat(5 * 1024 * 1024 + 1)), 413, "ERR_PAYLOAD_TOO_LARGE"],
      ];
      for (const [file, status, code] of cases) {
        assert.deepEqual(
          await errorOf(await adminA.upload("/api/contacts/upload", file)),
          [status, code],
          file.name,
        );
      }
      const noFile = await app.request("/api/contacts/upload", {
        method: "POST",
        headers: adminA.headers,
        body: new FormData(),
      });
      assert.deepEqual(await errorOf(noFile), [400, "ERR_IMPORT_NO_FILE"]);
    });

    await t.step("a workbook that would unpack to gigabytes is refused unread", async () => {
      const bytes = new Uint8Array(await (await xlsxFile([["Nome"], ["Ana"]])).arrayBuffer());
      const view = new DataView(bytes.buffer);
      // Every central-directory entry now declares 200 MB once unpacked.
      for (let at = 0; at + 4 <= bytes.length; at++) {
        if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 200_000_000, true);
      }
      const res = await adminA.upload("/api/contacts/upload", new File([bytes], "bomb.xlsx"));
      assert.deepEqual(await errorOf(res), [413, "ERR_PAYLOAD_TOO_LARGE"]);
    });

    await t.step("import creates the valid rows and reports the rest with reasons", async () => {
      const res = await adminA.upload(
        "/api/contacts/import",
        await xlsxFile([
          ["Nome", "Telefone", "E-mail"],
          ["Ana", "11987654321", "ana@example.com"],
          ["Velho", "11911111111", null],
          ["Ana 2", "(11) 98765-4321", null],
          ["Sem número", "abc", null],
          ["Bia", "21 3333-4444", null],
        ]),
      );
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), {
        created: 2,
        skipped: [
          { row: 3, reason: "already_exists" },
          { row: 4, reason: "duplicate_in_file" },
          { row: 5, reason: "invalid_number" },
        ],
      });
      const rows = await db.query<{ name: string; number: string; email: string }>(sql`
        select name, number, email from contacts where company_id = ${companyA} order by id`);
      assert.deepEqual(rows.slice(1), [
        { name: "Ana", number: "5511987654321", email: "ana@example.com" },
        { name: "Bia", number: "552133334444", email: "" },
      ]);
    });

    await t.step("an .xls imports the same way, and an .xlsx named .xls is read too", async () => {
      const res = await adminA.upload(
        "/api/contacts/import",
        xlsFile([
          ["Nome", "Telefone"],
          ["Dora", 11966666666],
          ["Bia de novo", "21 3333-4444"],
        ]),
      );
      assert.deepEqual(await res.json(), {
        created: 1,
        skipped: [{ row: 3, reason: "already_exists" }],
      });
      const renamed = await adminA.upload(
        "/api/contacts/upload",
        new File([await xlsxFile([["Nome", "Número"], ["Eli", "11 97777-0000"]])], "renamed.xls"),
      );
      assert.deepEqual((await renamed.json()).rows.map((r: { name: string }) => r.name), ["Eli"]);
    });

    await t.step("a campaign's contact list reads the same .xls", async () => {
      const made = await adminA.json("POST", "/api/contact-lists", { name: "Lista xls" });
      assert.equal(made.status, 200, await made.clone().text());
      const list = await made.json();
      const res = await adminA.upload(
        `/api/contact-lists/${list.id}/upload`,
        xlsFile([["Nome", "Número"], ["Gil", 11987652001], ["Hana", "abc"]]),
      );
      assert.equal(res.status, 200, await res.clone().text());
      const report = await res.json();
      assert.equal(report.counts.added, 1);
      assert.deepEqual(report.skipped.map((s: { row: number }) => s.row), [3]);
    });

    await t.step("import also takes the previewed rows as JSON", async () => {
      const res = await adminA.json("POST", "/api/contacts/import", {
        rows: [
          { row: 2, name: "Caio", number: "11 95555-5555", email: "" },
          { row: 3, name: "Ana", number: "5511987654321" },
        ],
      });
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), {
        created: 1,
        skipped: [{ row: 3, reason: "already_exists" }],
      });
    });

    await t.step("another company's import neither sees nor touches A's contacts", async () => {
      const before = await countOf(companyA);
      const res = await adminB.upload(
        "/api/contacts/import",
        csvFile("Nome;Número\nAna em B;11987654321\nVelho em B;11911111111\n"),
      );
      assert.deepEqual(await res.json(), { created: 2, skipped: [] });
      assert.equal(await countOf(companyA), before);
      const names = await db.query<{ name: string }>(
        sql`select name from contacts where company_id = ${companyA} and name like '%em B'`,
      );
      assert.deepEqual(names, []);
    });

    await t.step("export: CSV for Excel with BOM, header, quoting and formula guard", async () => {
      await adminA.json("POST", "/api/contacts", {
        name: 'Eva "Silva"; Jr',
        number: "+351 912 345 678",
        email: "eva@example.pt",
      });
      await adminA.json("POST", "/api/contacts", { name: "=HYPERLINK(1)", number: "11977777777" });
      const res = await adminA.json("GET", "/api/contacts/export");
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-type"), "text/csv; charset=utf-8");
      assert.equal(res.headers.get("content-disposition"), 'attachment; filename="contacts.csv"');
      const bytes = new Uint8Array(await res.arrayBuffer());
      assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "UTF-8 byte-order mark");
      const lines = new TextDecoder().decode(bytes.slice(3)).split("\r\n");
      assert.equal(lines[0], "name;number;email");
      assert.ok(lines.includes("Já Existe;5511911111111;"));
      assert.ok(lines.includes('"Eva ""Silva""; Jr";351912345678;eva@example.pt'));
      assert.ok(lines.includes("'=HYPERLINK(1);5511977777777;"));
      assert.equal(lines.at(-1), "", "the last line ends too");
      assert.equal(lines.length - 2, await countOf(companyA));
      const exportB = await (await adminB.json("GET", "/api/contacts/export")).text();
      assert.equal(exportB.includes("Já Existe"), false, "B's export holds only B's contacts");
    });

    await t.step("an export imports back into another company unchanged", async () => {
      const companyC = await createTestCompany(db);
      const adminC = await callerFor(app, jwtKey, await createTestUser(db, companyC), "admin");
      const exported = await (await adminA.json("GET", "/api/contacts/export")).arrayBuffer();
      const res = await adminC.upload(
        "/api/contacts/import",
        new File([exported], "contacts.csv", { type: "text/csv" }),
      );
      const result = await res.json();
      assert.deepEqual(result.skipped, []);
      const contactsOf = (companyId: number) =>
        db.query(sql`select name, number, email from contacts
                     where company_id = ${companyId} order by number`);
      assert.deepEqual(await contactsOf(companyC), await contactsOf(companyA));
    });

    await t.step("10,000 rows from an .xlsx import in one go (timed)", async () => {
      const rows: Cell[][] = [["Nome", "Número", "E-mail"]];
      for (let i = 0; i < 10_000; i++) {
        rows.push([`Cliente ${i}`, `55 31 9${String(i).padStart(8, "0")}`, `c${i}@example.com`]);
      }
      const file = await xlsxFile(rows, "big.xlsx");
      const before = await countOf(companyB);
      let started = performance.now();
      const previewed = await preview(adminB, file);
      const previewMs = performance.now() - started;
      assert.equal(previewed.counts.ok, 10_000);
      started = performance.now();
      const res = await adminB.upload("/api/contacts/import", file);
      const importMs = performance.now() - started;
      assert.deepEqual(await res.json(), { created: 10_000, skipped: [] });
      assert.equal(await countOf(companyB), before + 10_000);
      started = performance.now();
      const search = await (await adminB.json("GET", "/api/contacts?searchParam=cliente 9999"))
        .json();
      const searchMs = performance.now() - started;
      assert.deepEqual(search.contacts.map((c: { name: string }) => c.name), ["Cliente 9999"]);
      console.log(
        `10,000-row .xlsx (${(file.size / 1024).toFixed(0)} KiB) on ${db.kind}: ` +
          `preview ${previewMs.toFixed(0)} ms, import ${importMs.toFixed(0)} ms; ` +
          `search among ${before + 10_000} contacts ${searchMs.toFixed(1)} ms`,
      );
    });
  } finally {
    await close();
  }
});
