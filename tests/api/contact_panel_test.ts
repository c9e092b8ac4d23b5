/**
 * The contact panel's calls (issue 23 item 1): a contact's own tags (PUT
 * /api/contacts/{id}/tags, shown with the contact and announced over realtime) and the
 * contact's tickets (GET /api/contacts/{id}/tickets), newest first, paged by keyset or page
 * number, limited to what the caller may see.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { twoCompanyCallers } from "../helpers/api_client.ts";
import { openRealtimeTestApp } from "../helpers/realtime_app.ts";
import { createTestConnection, createTestQueue } from "../helpers/users.ts";

Deno.test("[api] the contact panel: a contact's tags and tickets", async (t) => {
  const env = await openRealtimeTestApp();
  const { app, db, jwtKey } = env;
  try {
    const { companyA, companyB, admin, agent, outsider } = await twoCompanyCallers(
      app,
      jwtKey,
      db,
    );
    const contact = (await admin.json("POST", "/api/contacts", {
      name: "Ana Lima",
      number: "5511987650001",
    })).body;
    const vip = (await admin.json("POST", "/api/tags", { name: "VIP", color: "#aa0000" })).body;
    const atacado = (await admin.json("POST", "/api/tags", { name: "Atacado" })).body;
    const foreignTag = (await outsider.json("POST", "/api/tags", { name: "Fora" })).body;
    const tagRows = () =>
      db.query(sql`select contact_id, tag_id, company_id from contact_tags order by tag_id`);

    await t.step("a new contact carries no tags", () => {
      assert.deepEqual(contact.tags, []);
    });

    await t.step("an agent sets the contact's tags; the set replaces the old one", async () => {
      const socket = await env.connect(agent.headers);
      const set = await agent.json("PUT", `/api/contacts/${contact.id}/tags`, {
        tags: [vip.id, { id: atacado.id }, vip.id],
      });
      assert.equal(set.status, 200, JSON.stringify(set.body));
      assert.deepEqual(set.body.tags, [
        { id: atacado.id, name: "Atacado", color: atacado.color },
        { id: vip.id, name: "VIP", color: "#aa0000" },
      ]);
      const event = await socket.next(`company-${companyA}-contact`);
      assert.deepEqual(event.data, { action: "update", contact: set.body });
      const shown = await agent.json("GET", `/api/contacts/${contact.id}`);
      assert.deepEqual(shown.body.tags, set.body.tags);
      const listed = await agent.json("GET", "/api/contacts?searchParam=Ana");
      assert.deepEqual(listed.body.contacts[0].tags, set.body.tags);

      const fewer = await agent.json("PUT", `/api/contacts/${contact.id}/tags`, {
        tags: [atacado.id],
      });
      assert.deepEqual(fewer.body.tags.map((tag: { id: number }) => tag.id), [atacado.id]);
      assert.deepEqual(await tagRows(), [
        { contact_id: contact.id, tag_id: atacado.id, company_id: companyA },
      ]);
    });

    await t.step("bad sets are refused with codes and change nothing", async () => {
      const before = JSON.stringify(await tagRows());
      const cases: Array<[unknown, number, string]> = [
        [{}, 400, "ERR_VALIDATION"],
        [{ tags: "1" }, 400, "ERR_VALIDATION"],
        [{ tags: [0] }, 400, "ERR_VALIDATION"],
        [{ tags: [2 ** 31] }, 400, "ERR_VALIDATION"],
        [{ tags: Array.from({ length: 101 }, (_, i) => i + 1) }, 400, "ERR_VALIDATION"],
        [{ tags: [vip.id, foreignTag.id] }, 404, "ERR_NO_TAG_FOUND"],
        [{ tags: [2_147_483_000] }, 404, "ERR_NO_TAG_FOUND"],
      ];
      for (const [body, status, error] of cases) {
        const res = await agent.json("PUT", `/api/contacts/${contact.id}/tags`, body);
        assert.equal(res.status, status, JSON.stringify(body));
        assert.equal(res.body.error, error, JSON.stringify(body));
      }
      const missing = await agent.json("PUT", "/api/contacts/2147483000/tags", { tags: [] });
      assert.deepEqual([missing.status, missing.body.error], [404, "ERR_NO_CONTACT_FOUND"]);
      assert.equal(JSON.stringify(await tagRows()), before);
    });

    await t.step("another company's admin can neither set nor read them", async () => {
      const before = JSON.stringify(await tagRows());
      const set = await outsider.json("PUT", `/api/contacts/${contact.id}/tags`, {
        tags: [foreignTag.id],
      });
      assert.deepEqual([set.status, set.body.error], [404, "ERR_NO_CONTACT_FOUND"]);
      const read = await outsider.json("GET", `/api/contacts/${contact.id}/tickets`);
      assert.deepEqual([read.status, read.body.error], [404, "ERR_NO_CONTACT_FOUND"]);
      assert.equal(JSON.stringify(await tagRows()), before);
    });

    await t.step("the contacts list filters by one tag of the company", async () => {
      const carla = (await admin.json("POST", "/api/contacts", {
        name: "Carla",
        number: "5511987650003",
      })).body;
      await agent.json("PUT", `/api/contacts/${carla.id}/tags`, { tags: [vip.id, atacado.id] });
      const names = async (caller: typeof agent, query: string) => {
        const res = await caller.json("GET", `/api/contacts?${query}`);
        assert.equal(res.status, 200, `${query}: ${JSON.stringify(res.body)}`);
        return [res.body.count, res.body.contacts.map((one: { name: string }) => one.name)];
      };
      assert.deepEqual(await names(agent, `tagId=${atacado.id}`), [2, ["Ana Lima", "Carla"]]);
      assert.deepEqual(await names(agent, `tagId=${vip.id}`), [1, ["Carla"]]);
      assert.deepEqual(await names(agent, `tagId=${atacado.id}&searchParam=car`), [1, ["Carla"]]);
      assert.deepEqual(await names(agent, "tagId="), [2, ["Ana Lima", "Carla"]]);
      // Another company's tag matches nothing here, and A's tag shows nothing of A to B.
      assert.deepEqual(await names(agent, `tagId=${foreignTag.id}`), [0, []]);
      assert.deepEqual(await names(outsider, `tagId=${vip.id}`), [0, []]);
      for (const bad of ["abc", "0", "-1", "1.5", String(2 ** 31)]) {
        const res = await agent.json("GET", `/api/contacts?tagId=${bad}`);
        assert.deepEqual([res.status, res.body.error], [400, "ERR_VALIDATION"], bad);
        assert.ok(res.body.fields.tagId, bad);
      }
      await admin.json("DELETE", `/api/contacts/${carla.id}`);
    });

    await t.step("deleting a tag takes it off the contact", async () => {
      await admin.json("DELETE", `/api/tags/${atacado.id}`);
      const shown = await agent.json("GET", `/api/contacts/${contact.id}`);
      assert.deepEqual(shown.body.tags, []);
    });

    // The contact's history: 25 tickets in the agent's queue, 2 in a queue the agent is not
    // in, 1 of another contact, and B's ticket of a contact with the same number.
    const connection = await createTestConnection(db, companyA);
    const mine = await createTestQueue(db, companyA);
    const theirs = await createTestQueue(db, companyA);
    await db.run(sql`insert into user_queues (user_id, queue_id)
      values (${agent.user.id}, ${mine.id})`);
    const other = (await admin.json("POST", "/api/contacts", {
      name: "Bruno",
      number: "5511987650002",
    })).body;
    const ticketAt = async (contactId: number, queueId: number, minute: number) =>
      (await db.one<{ id: number }>(sql`
        insert into tickets (company_id, contact_id, whatsapp_id, queue_id, status, created_at)
        values (${companyA}, ${contactId}, ${connection}, ${queueId}, 'closed',
                '2026-01-01T10:00:00Z'::timestamptz + ${minute} * interval '1 minute')
        returning id`)).id;
    const visible: number[] = [];
    for (let minute = 0; minute < 25; minute++) {
      visible.push(await ticketAt(contact.id, mine.id, minute));
    }
    // Two at the same instant: the id breaks the tie, and the keyset never skips one.
    visible.push(await ticketAt(contact.id, mine.id, 30));
    visible.push(await ticketAt(contact.id, mine.id, 30));
    const hidden = [
      await ticketAt(contact.id, theirs.id, 40),
      await ticketAt(contact.id, theirs.id, 41),
    ];
    await ticketAt(other.id, mine.id, 50);
    const contactB = (await outsider.json("POST", "/api/contacts", {
      name: "Ana Lima",
      number: "5511987650001",
    })).body;
    await db.run(sql`insert into tickets (company_id, contact_id, status)
      values (${companyB}, ${contactB.id}, 'closed')`);
    const newestFirst = (ids: number[]) => [...ids].reverse();

    await t.step("an agent pages through the tickets of their queues, newest first", async () => {
      const first = await agent.json("GET", `/api/contacts/${contact.id}/tickets`);
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(first.body.tickets.length, 20);
      assert.equal(first.body.hasMore, true);
      assert.equal(first.body.count, 27);
      assert.ok(
        first.body.tickets.every((one: { contactId: number }) => one.contactId === contact.id),
      );
      const second = await agent.json(
        "GET",
        `/api/contacts/${contact.id}/tickets?cursor=${encodeURIComponent(first.body.nextCursor)}`,
      );
      assert.equal(second.body.hasMore, false);
      assert.equal(second.body.nextCursor, null);
      const ids = [...first.body.tickets, ...second.body.tickets].map((one: { id: number }) =>
        one.id
      );
      assert.deepEqual(ids, newestFirst(visible));
      const byNumber = await agent.json("GET", `/api/contacts/${contact.id}/tickets?pageNumber=2`);
      assert.deepEqual(byNumber.body.tickets.map((one: { id: number }) => one.id), ids.slice(20));
    });

    await t.step("an admin sees every ticket of the contact", async () => {
      const page = await admin.json("GET", `/api/contacts/${contact.id}/tickets`);
      assert.equal(page.body.count, 29);
      assert.deepEqual(
        page.body.tickets.slice(0, 2).map((one: { id: number }) => one.id),
        newestFirst(hidden),
      );
    });

    await t.step("bad paging and unknown contacts answer 4xx", async () => {
      const cases: Array<[string, number, string]> = [
        [`/api/contacts/${contact.id}/tickets?cursor=yesterday`, 400, "ERR_INVALID_CURSOR"],
        [`/api/contacts/${contact.id}/tickets?pageNumber=0`, 400, "ERR_VALIDATION"],
        ["/api/contacts/2147483000/tickets", 404, "ERR_NO_CONTACT_FOUND"],
        ["/api/contacts/99999999999/tickets", 404, "ERR_NO_CONTACT_FOUND"],
      ];
      for (const [path, status, error] of cases) {
        const res = await agent.json("GET", path);
        assert.deepEqual([res.status, res.body.error], [status, error], path);
      }
    });
  } finally {
    await env.close();
  }
});
