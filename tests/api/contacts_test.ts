import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { openTestApp } from "../helpers/app.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { callerFor } from "../helpers/contacts_api.ts";

interface ContactBody {
  id: number;
  name: string;
  number: string;
  email: string;
  extraInfo: { id: number; name: string; value: string }[];
}

Deno.test("[api] /api/contacts", async (t) => {
  const { app, db, jwtKey, close } = await openTestApp();
  try {
    const companyA = await createTestCompany(db);
    const companyB = await createTestCompany(db);
    const adminA = await callerFor(app, jwtKey, await createTestUser(db, companyA), "admin");
    const userA = await callerFor(
      app,
      jwtKey,
      await createTestUser(db, companyA, { profile: "user" }),
      "user",
    );
    const adminB = await callerFor(app, jwtKey, await createTestUser(db, companyB), "admin");

    await t.step("create validates with the spec's rules, answering codes", async () => {
      const required = { code: "ERR_REQUIRED" };
      const cases: [Record<string, unknown>, Record<string, unknown>][] = [
        [{ number: "11987654321" }, { name: required }],
        [{ name: "", number: "11987654321" }, { name: required }],
        [{ name: "A", number: "11987654321" }, { name: { code: "ERR_TOO_SHORT", minimum: 2 } }],
        [{ name: "x".repeat(51), number: "11987654321" }, {
          name: { code: "ERR_TOO_LONG", maximum: 50 },
        }],
        [{ name: "Ana" }, { number: required }],
        [{ name: "Ana", number: "1234567" }, { number: { code: "ERR_TOO_SHORT", minimum: 8 } }],
        [{ name: "Ana", number: "1".repeat(51) }, {
          number: { code: "ERR_TOO_LONG", maximum: 50 },
        }],
        [{ name: "Ana", number: "11987654321", email: "not-mail" }, {
          email: { code: "ERR_INVALID_EMAIL" },
        }],
        [{ name: "Ana", number: "11987654321", extraInfo: [{ value: "x" }] }, {
          "extraInfo.0.name": required,
        }],
      ];
      for (const [body, fields] of cases) {
        const res = await userA.json("POST", "/api/contacts", body);
        assert.equal(res.status, 400, JSON.stringify(body));
        const answer = await res.json();
        assert.equal(answer.error, "ERR_VALIDATION");
        for (const [field, error] of Object.entries(fields)) {
          assert.deepEqual(answer.fields[field], error, `${field} for ${JSON.stringify(body)}`);
        }
      }
      assert.equal((await db.query(sql`select 1 from contacts`)).length, 0, "nothing written");
    });

    await t.step("a number that cannot be a phone answers invalido", async () => {
      const res = await userA.json("POST", "/api/contacts", { name: "Ana", number: "ab-cd-ef-gh" });
      assert.equal(res.status, 400);
      const body = await res.json();
      assert.equal(body.error, "ERR_INVALID_NUMBER");
      assert.equal(body.invalido, true);
    });

    let ana: ContactBody;
    await t.step("create stores the normalised number and the extra fields", async () => {
      const res = await userA.json("POST", "/api/contacts", {
        name: " Ana Souza ",
        number: "(11) 98765-4321",
        email: "ana@example.com",
        extraInfo: [{ name: "CPF", value: "123" }, { name: "Cidade", value: "São Paulo" }],
      });
      assert.equal(res.status, 200);
      ana = await res.json();
      assert.equal(ana.name, "Ana Souza");
      assert.equal(ana.number, "5511987654321");
      assert.equal(ana.email, "ana@example.com");
      assert.deepEqual(ana.extraInfo.map((f) => [f.name, f.value]), [
        ["CPF", "123"],
        ["Cidade", "São Paulo"],
      ]);
    });

    await t.step("the same number however typed is a duplicate, naming the contact", async () => {
      for (const number of ["5511987654321", "+55 11 98765 4321", "011 98765-4321"]) {
        const res = await userA.json("POST", "/api/contacts", { name: "Outra", number });
        assert.equal(res.status, 409, number);
        assert.deepEqual(await res.json(), {
          error: "ERR_DUPLICATED_CONTACT",
          alreadyExists: true,
          existingContact: { id: ana.id, name: "Ana Souza", number: "5511987654321" },
        });
      }
    });

    await t.step("show answers the contact with its extra fields", async () => {
      const res = await userA.json("GET", `/api/contacts/${ana.id}`);
      assert.equal(res.status, 200);
      assert.deepEqual((await res.json()).extraInfo, ana.extraInfo);
      const missing = await userA.json("GET", "/api/contacts/999999");
      assert.equal(missing.status, 404);
      assert.deepEqual(await missing.json(), { error: "ERR_NO_CONTACT_FOUND" });
      assert.equal((await userA.json("GET", "/api/contacts/99999999999")).status, 404);
    });

    await t.step("update replaces the extra fields: keeps, changes, adds, removes", async () => {
      const [cpf] = ana.extraInfo;
      const res = await userA.json("PUT", `/api/contacts/${ana.id}`, {
        name: "Ana S.",
        extraInfo: [{ id: cpf!.id, name: "CPF", value: "456" }, { name: "Empresa", value: "ACME" }],
      });
      assert.equal(res.status, 200);
      const updated: ContactBody = await res.json();
      assert.equal(updated.name, "Ana S.");
      assert.equal(updated.number, ana.number, "fields left out stay");
      assert.equal(updated.email, ana.email);
      assert.deepEqual(updated.extraInfo.map((f) => [f.name, f.value]), [
        ["CPF", "456"],
        ["Empresa", "ACME"],
      ]);
      assert.equal(updated.extraInfo[0]!.id, cpf!.id, "an updated field keeps its id");
      const fieldCount = await db.one<{ n: number }>(
        sql`select count(*)::int as n from contact_custom_fields where contact_id = ${ana.id}`,
      );
      assert.equal(fieldCount.n, 2, "the removed field is gone");
      ana = updated;
    });

    await t.step("update refuses another contact's number and bad fields", async () => {
      const bia = await (await userA.json("POST", "/api/contacts", {
        name: "Bia",
        number: "21 3333-4444",
      })).json();
      const res = await userA.json("PUT", `/api/contacts/${bia.id}`, {
        number: "(11) 98765-4321",
      });
      assert.equal(res.status, 409);
      assert.equal((await res.json()).existingContact.id, ana.id);
      const bad = await userA.json("PUT", `/api/contacts/${bia.id}`, { name: "B" });
      assert.equal(bad.status, 400);
      assert.deepEqual((await bad.json()).fields.name, { code: "ERR_TOO_SHORT", minimum: 2 });
      const own = await userA.json("PUT", `/api/contacts/${bia.id}`, { number: "2133334444" });
      assert.equal(own.status, 200, "a contact may keep its own number");
    });

    await t.step("list pages by 20 in name order with count and hasMore", async () => {
      for (let i = 0; i < 23; i++) {
        const res = await adminA.json("POST", "/api/contacts", {
          name: `Zé ${String(i).padStart(2, "0")}`,
          number: `55119${String(10_000_000 + i)}`,
        });
        assert.equal(res.status, 200);
      }
      const first = await (await userA.json("GET", "/api/contacts?pageNumber=1")).json();
      assert.equal(first.count, 25);
      assert.equal(first.hasMore, true);
      assert.equal(first.contacts.length, 20);
      assert.deepEqual(
        first.contacts.slice(0, 3).map((c: ContactBody) => c.name),
        ["Ana S.", "Bia", "Zé 00"],
      );
      assert.ok(Array.isArray(first.contacts[0].extraInfo), "extra fields come with the page");
      const second = await (await userA.json("GET", "/api/contacts?pageNumber=2")).json();
      assert.equal(second.contacts.length, 5);
      assert.equal(second.hasMore, false);
      assert.equal(second.contacts.at(-1).name, "Zé 22");
    });

    await t.step("search by part of the name, any case, or part of the number", async () => {
      const names = async (query: string) =>
        (await (await userA.json("GET", `/api/contacts?${query}`)).json()).contacts
          .map((c: ContactBody) => c.name);
      assert.deepEqual(await names("searchParam=ANA"), ["Ana S."]);
      assert.deepEqual(await names("searchParam=zé 1"), [
        "Zé 10",
        "Zé 11",
        "Zé 12",
        "Zé 13",
        "Zé 14",
        "Zé 15",
        "Zé 16",
        "Zé 17",
        "Zé 18",
        "Zé 19",
      ]);
      assert.deepEqual(await names(`searchParam=${encodeURIComponent("(11) 98765")}`), ["Ana S."]);
      assert.deepEqual(await names("searchParam=%25"), [], "% is a character, not a wildcard");
      assert.deepEqual(await names("searchParam=_"), []);
    });

    await t.step("date filters select by UTC creation day", async () => {
      await db.run(sql`update contacts set created_at = '2026-03-10T23:30:00Z'
                       where company_id = ${companyA} and name = 'Bia'`);
      await db.run(sql`update contacts set created_at = '2026-03-11T00:10:00Z'
                       where company_id = ${companyA} and name = 'Zé 00'`);
      const names = async (query: string) =>
        (await (await userA.json("GET", `/api/contacts?${query}`)).json()).contacts
          .map((c: ContactBody) => c.name);
      assert.deepEqual(await names("date=2026-03-10"), ["Bia"]);
      assert.deepEqual(await names("date=2026-03-11"), ["Zé 00"]);
      assert.deepEqual(await names("dateStart=2026-03-10&dateEnd=2026-03-11"), ["Bia", "Zé 00"]);
      assert.deepEqual(await names("dateEnd=2026-03-10"), ["Bia"]);
      assert.equal((await names("dateStart=2026-03-12")).length, 20);
      const bad = await userA.json("GET", "/api/contacts?date=10/03/2026");
      assert.equal(bad.status, 400);
      assert.deepEqual((await bad.json()).fields.date, { code: "ERR_INVALID_DATE" });
      assert.equal((await userA.json("GET", "/api/contacts?pageNumber=0")).status, 400);
    });

    await t.step("the pickers' list answers id, name and number, searchable", async () => {
      const all = await (await userA.json("GET", "/api/contacts/list")).json();
      assert.equal(all.length, 25);
      assert.deepEqual(Object.keys(all[0]).sort(), ["id", "name", "number"]);
      const some = await (await userA.json("GET", "/api/contacts/list?searchParam=bia")).json();
      assert.deepEqual(some.map((c: ContactBody) => c.name), ["Bia"]);
    });

    await t.step("another company sees none of it, and may hold the same number", async () => {
      for (const [method, body] of [["GET"], ["PUT", { name: "Hacked" }], ["DELETE"]] as const) {
        const res = await adminB.json(method, `/api/contacts/${ana.id}`, body);
        assert.equal(res.status, 404, method);
        assert.deepEqual(await res.json(), { error: "ERR_NO_CONTACT_FOUND" });
      }
      const list = await (await adminB.json("GET", "/api/contacts")).json();
      assert.deepEqual(list, { contacts: [], count: 0, hasMore: false });
      assert.deepEqual(await (await adminB.json("GET", "/api/contacts/list")).json(), []);
      const own = await adminB.json("POST", "/api/contacts", {
        name: "Ana em B",
        number: "5511987654321",
      });
      assert.equal(own.status, 200);
      const stillA = await (await userA.json("GET", `/api/contacts/${ana.id}`)).json();
      assert.equal(stillA.name, "Ana S.", "B's attempts changed nothing in A");
    });

    await t.step("deleting needs the permission; admins have it", async () => {
      const refused = await userA.json("DELETE", `/api/contacts/${ana.id}`);
      assert.equal(refused.status, 403);
      assert.deepEqual(await refused.json(), { error: "ERR_NO_PERMISSION" });
      const res = await adminA.json("DELETE", `/api/contacts/${ana.id}`);
      assert.equal(res.status, 204);
      assert.equal((await userA.json("GET", `/api/contacts/${ana.id}`)).status, 404);
      const fields = await db.query(
        sql`select 1 from contact_custom_fields where contact_id = ${ana.id}`,
      );
      assert.equal(fields.length, 0, "extra fields go with the contact");
      assert.equal((await adminA.json("DELETE", `/api/contacts/${ana.id}`)).status, 404);
    });

    await t.step("plain users may not import or export", async () => {
      assert.equal((await userA.json("GET", "/api/contacts/export")).status, 403);
      const file = new File(["name;number\nAna;11987654321\n"], "c.csv", { type: "text/csv" });
      assert.equal((await userA.upload("/api/contacts/upload", file)).status, 403);
      assert.equal((await userA.upload("/api/contacts/import", file)).status, 403);
    });
  } finally {
    await close();
  }
});

Deno.test("[api] every error code of the contacts area is translated in every language", async () => {
  const { RESOURCES } = await import("../../lib/i18n/resources.ts");
  const files = [
    "routes/api/contacts.ts",
    "lib/spreadsheet/read.ts",
    ...[...Deno.readDirSync("services/contacts")].filter((e) => e.isFile).map((e) =>
      `services/contacts/${e.name}`
    ),
    ...[...Deno.readDirSync("services/contacts/import")].map((e) =>
      `services/contacts/import/${e.name}`
    ),
  ];
  const codes = new Set<string>();
  for (const file of files) {
    for (const match of Deno.readTextFileSync(file).matchAll(/"(ERR_[A-Z_]+)"/g)) {
      codes.add(match[1]!);
    }
  }
  assert.ok(codes.has("ERR_DUPLICATED_CONTACT") && codes.has("ERR_IMPORT_FILE_UNREADABLE"));
  for (const [lang, resource] of Object.entries(RESOURCES)) {
    // Answer codes and field error codes (errors.fields.*) alike.
    const errors = resource.errors as Record<string, unknown>;
    const fields = errors.fields as Record<string, string>;
    const missing = [...codes].filter((code) => !errors[code] && !fields[code]);
    assert.deepEqual(missing, [], `untranslated in ${lang}`);
  }
});
