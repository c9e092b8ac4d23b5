/**
 * Import contacts from the phone (admin §2): the sandbox phone shares its address book when
 * its session opens, the pipeline keeps it per connection, and an admin previews and imports
 * it through `GET /api/contacts/phone-book` and `POST /api/contacts/import`.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { rememberPhoneContact } from "../../services/contacts/phone_book.ts";
import { storeInbound } from "../../services/whatsapp/sandbox/store.ts";
import { answer } from "../helpers/api_as.ts";
import { openTicketEnv, waitFor } from "../helpers/ticket_env.ts";

Deno.test("[api] contacts imported from the phone's address book", async (t) => {
  const env = await openTicketEnv();
  const { db, companyId, connectionId, asAdmin, asAgent, asOtherAdmin } = env;
  const where = { companyId, connectionId };
  const contactsCount = async () =>
    (await db.one<{ n: number }>(
      sql`select count(*)::int as n from contacts where company_id = ${companyId}`,
    )).n;
  try {
    await t.step(
      "the phone shares the people it has talked to when its session opens",
      async () => {
        // Conversations the phone had before it was linked to Balcão.
        for (
          const [number, name] of [
            ["5511988880001", "Bruna Lima"],
            ["5511988880002", ""],
            ["5511988880003", "Ana Prado"],
          ]
        ) {
          await storeInbound(db, where, { number: number!, name: name!, body: "oi" });
        }
        // Linked again (a new QR, scanned): the phone shares its book once the session is open.
        for (
          const [method, path] of [["PUT", "/api/whatsappsession/"], ["POST", "/api/sandbox/"]]
        ) {
          const suffix = method === "POST" ? "/pair" : "";
          const res = await answer(await asAdmin(method!, `${path}${connectionId}${suffix}`));
          assert.equal(res.status, 200, JSON.stringify(res.body));
        }
        await waitFor(async () => {
          const { n } = await db.one<{ n: number }>(sql`
          select count(*)::int as n from phone_contacts where whatsapp_id = ${connectionId}`);
          return n === 3 ? n : undefined;
        }, "the address book");
      },
    );

    await t.step("a customer who writes is saved in the phone's book too", async () => {
      await env.customerWrites("5511988880004", "Caio Reis", "bom dia");
      const saved = await db.maybeOne<{ name: string }>(sql`
        select name from phone_contacts
        where whatsapp_id = ${connectionId} and number = '5511988880004'`);
      assert.equal(saved?.name, "Caio Reis");
    });

    await t.step("the preview orders the book by name and writes nothing", async () => {
      const before = await contactsCount();
      const { status, body } = await answer(await asAdmin("GET", "/api/contacts/phone-book"));
      assert.equal(status, 200);
      assert.deepEqual(body.connection, { id: connectionId, name: "Loja" });
      assert.deepEqual(
        body.rows.map((r: { name: string; number: string; status: string }) => [
          r.name,
          r.number,
          r.status,
        ]),
        [
          ["5511988880002", "5511988880002", "ok"], // no saved name: named by the number
          ["Ana Prado", "5511988880003", "ok"],
          ["Bruna Lima", "5511988880001", "ok"],
          ["Caio Reis", "5511988880004", "already_exists"], // the conversation made the contact
        ],
      );
      assert.equal(body.counts.ok, 3);
      assert.equal(await contactsCount(), before);
      const named = await answer(
        await asAdmin("GET", `/api/contacts/phone-book?whatsappId=${connectionId}`),
      );
      assert.equal(named.body.total, 4);
    });

    await t.step("bad connection ids and other people are refused", async () => {
      const cases: [Awaited<ReturnType<typeof answer>>, number, string][] = [
        [await answer(await asAgent("GET", "/api/contacts/phone-book")), 403, "ERR_NO_PERMISSION"],
        [await answer(await asAgent("POST", "/api/contacts/import", {})), 403, "ERR_NO_PERMISSION"],
        [
          await answer(await asAdmin("GET", "/api/contacts/phone-book?whatsappId=abc")),
          400,
          "ERR_VALIDATION",
        ],
        [
          await answer(await asAdmin("POST", "/api/contacts/import", { whatsappId: 0 })),
          400,
          "ERR_VALIDATION",
        ],
        [
          await answer(await asAdmin("GET", "/api/contacts/phone-book?whatsappId=987654")),
          404,
          "ERR_NO_WAPP_FOUND",
        ],
        // Company B may not read company A's phone, nor import from it.
        [
          await answer(
            await asOtherAdmin("GET", `/api/contacts/phone-book?whatsappId=${connectionId}`),
          ),
          404,
          "ERR_NO_WAPP_FOUND",
        ],
        [
          await answer(
            await asOtherAdmin("POST", "/api/contacts/import", { whatsappId: connectionId }),
          ),
          404,
          "ERR_NO_WAPP_FOUND",
        ],
        // Company B has no connection at all, so no default one.
        [
          await answer(await asOtherAdmin("POST", "/api/contacts/import", {})),
          404,
          "ERR_NO_DEF_WAPP_FOUND",
        ],
      ];
      for (const [res, status, error] of cases) {
        assert.deepEqual([res.status, res.body.error], [status, error]);
      }
    });

    await t.step("import creates the new people and reports the rest", async () => {
      const before = await contactsCount();
      const { status, body } = await answer(await asAdmin("POST", "/api/contacts/import", {}));
      assert.equal(status, 200);
      assert.deepEqual(body, { created: 3, skipped: [{ row: 4, reason: "already_exists" }] });
      assert.equal(await contactsCount(), before + 3);
      const made = await db.query<{ name: string; number: string }>(sql`
        select name, number from contacts
        where company_id = ${companyId} and number like '551198888000%' order by number`);
      assert.deepEqual(made.map((c) => c.name), [
        "Bruna Lima",
        "5511988880002",
        "Ana Prado",
        "Caio Reis",
      ]);
      const again = await answer(
        await asAdmin("POST", "/api/contacts/import", { whatsappId: connectionId }),
      );
      assert.equal(again.body.created, 0, "importing twice creates nothing more");
      assert.equal(again.body.skipped.length, 4);
      assert.equal(await contactsCount(), before + 3);
    });

    await t.step("a person known only by LID waits until the number is known", async () => {
      const lidOnly = { number: null, lid: "190012345678", name: "Sem Número", isGroup: false };
      await rememberPhoneContact(db, companyId, connectionId, lidOnly);
      await rememberPhoneContact(db, companyId, connectionId, { ...lidOnly, isGroup: true });
      // Another company's connection id does not let a row in.
      const otherCompany = await db.one<{ id: number }>(sql`
        select id from companies where id <> ${companyId} order by id desc limit 1`);
      await rememberPhoneContact(db, otherCompany.id, connectionId, {
        ...lidOnly,
        lid: "190099999999",
      });
      const { body } = await answer(await asAdmin("GET", "/api/contacts/phone-book"));
      assert.equal(body.total, 4, "only people with a number are offered");
      const rows = await db.query<{ address: string; companyId: number }>(sql`
        select address, company_id as "companyId" from phone_contacts
        where address like 'lid:%' order by address`);
      assert.deepEqual(rows, [{ address: "lid:190012345678", companyId }]);
    });
  } finally {
    await env.close();
  }
});
