/**
 * The ticket search answers the same whichever of its two plans decides (services/tickets/
 * search.ts): a common word is read from the newest tickets, a rare word from the indexes.
 * The company holds more tickets than the recent window, so both plans are exercised.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { TICKETS_PAGE_SIZE } from "../../services/tickets/read.ts";
import { RECENT_WINDOW } from "../../services/tickets/search.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { callerFor } from "../helpers/api_client.ts";
import { openTestApp } from "../helpers/app.ts";
import { createTestConnection } from "../helpers/users.ts";

const TICKETS = RECENT_WINDOW + 300;

Deno.test("[api] ticket search: common and rare words, beyond the recent window", async (t) => {
  const { app, db, jwtKey, close } = await openTestApp();
  try {
    const companyId = await createTestCompany(db);
    const admin = await callerFor(app, jwtKey, await createTestUser(db, companyId));
    const connectionId = await createTestConnection(db, companyId);
    await db.run(sql`insert into contacts (company_id, name, number)
      select ${companyId}, 'Pessoa ' || n, (5511800000000 + n)::text
      from generate_series(1, ${TICKETS}) n`);
    // Ticket r is r minutes newer than ticket r - 1; every ticket says "bom dia", every
    // tenth also "orçamento", and only the oldest one says "xilofone".
    await db.run(sql`insert into tickets (company_id, contact_id, whatsapp_id, status,
                                          created_at, updated_at)
      select ${companyId}, c.id, ${connectionId}, 'closed',
             now() - (${TICKETS} - c.r) * interval '1 minute',
             now() - (${TICKETS} - c.r) * interval '1 minute'
      from (select id, row_number() over (order by id) as r from contacts
            where company_id = ${companyId}) c`);
    await db.run(sql`insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wid,
                                           body, from_me, read, ack)
      select ${companyId}, t.id, t.contact_id, ${connectionId}, 'S' || t.id,
             'bom dia' || case when t.id % 10 = 0 then ', quero um orçamento' else '' end
               || case when t.id = (select min(id) from tickets where company_id = ${companyId})
                       then ' e um xilofone' else '' end,
             false, true, 0
      from tickets t where t.company_id = ${companyId}`);
    const ids = (await db.query<{ id: number }>(sql`
      select id from tickets where company_id = ${companyId}
      order by updated_at desc, id desc`)).map((row) => row.id);

    const search = async (term: string, cursor?: string) => {
      const query = new URLSearchParams({ searchParam: term, showAll: "true" });
      if (cursor) query.set("cursor", cursor);
      const res = await admin.json("GET", `/api/tickets?${query}`);
      assert.equal(res.status, 200);
      return res.body as {
        tickets: { id: number }[];
        hasMore: boolean;
        count: number;
        nextCursor: string | null;
      };
    };

    await t.step("a word in every ticket: the newest page, then the next", async () => {
      const first = await search("BOM DIA");
      assert.deepEqual(first.tickets.map((ticket) => ticket.id), ids.slice(0, TICKETS_PAGE_SIZE));
      assert.equal(first.hasMore, true);
      const second = await search("bom dia", first.nextCursor!);
      assert.deepEqual(
        second.tickets.map((ticket) => ticket.id),
        ids.slice(TICKETS_PAGE_SIZE, 2 * TICKETS_PAGE_SIZE),
      );
    });

    await t.step("a word in every tenth ticket, in the list's order", async () => {
      const expected = ids.filter((id) => id % 10 === 0).slice(0, TICKETS_PAGE_SIZE);
      const page = await search("orçamento");
      assert.deepEqual(page.tickets.map((ticket) => ticket.id), expected);
      assert.ok(page.count >= TICKETS_PAGE_SIZE && page.count <= TICKETS / 10, `${page.count}`);
    });

    await t.step("a word only in the oldest ticket, beyond the recent window", async () => {
      const page = await search("xilofone");
      assert.deepEqual(page.tickets.map((ticket) => ticket.id), [ids.at(-1)]);
      assert.equal(page.hasMore, false);
      assert.equal(page.count, 1);
    });

    await t.step("a contact's name or number finds their ticket", async () => {
      const byName = await search(`pessoa ${TICKETS - 1}`);
      assert.deepEqual(byName.tickets.map((ticket) => ticket.id), [ids[1]]);
      const byNumber = await search("(11) 80000-0001");
      assert.deepEqual(byNumber.tickets.map((ticket) => ticket.id), [ids.at(-1)]);
      const none = await search("nada disso");
      assert.deepEqual(none.tickets, []);
      assert.equal(none.count, 0);
    });
  } finally {
    await close();
  }
});
