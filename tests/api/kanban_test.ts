/**
 * The kanban's calls: the viewer's own queues' open and waiting tickets, moving a card between
 * lanes (kanban tags replaced, other tags kept), live for the ticket's audience, the plan flag.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { channels } from "../../lib/realtime/channels.ts";
import { answer, apiAs } from "../helpers/api_as.ts";
import { createCompanyWithUsers } from "../helpers/company.ts";
import { openRealtimeTestApp } from "../helpers/realtime_app.ts";
import { createTestConnection } from "../helpers/users.ts";

Deno.test("[api] kanban: board and moves", async (t) => {
  const env = await openRealtimeTestApp();
  const { app, db, jwtKey } = env;
  try {
    const acme = await createCompanyWithUsers(db, jwtKey, {
      ana: { profile: "user" },
      bia: { profile: "user" },
    });
    const other = await createCompanyWithUsers(db, jwtKey, { eve: {} });
    const { companyId } = acme;
    const { ana, bia } = acme.users;
    const asAna = await apiAs(app, jwtKey, ana);
    const asEve = await apiAs(app, jwtKey, other.users.eve);
    const one = <T>(query: ReturnType<typeof sql>) => db.one<T>(query);
    const queue = (await one<{ id: number }>(sql`insert into queues (company_id, name, color)
      values (${companyId}, 'Vendas', '#0000aa') returning id`)).id;
    const elsewhere = (await one<{ id: number }>(sql`insert into queues (company_id, name, color)
      values (${companyId}, 'Financeiro', '#00aa00') returning id`)).id;
    await db.run(sql`insert into user_queues (user_id, queue_id)
      values (${ana.id}, ${queue}), (${bia.id}, ${queue})`);
    const whatsapp = await createTestConnection(db, companyId);
    const ticketIn = async (queueId: number, status: string, number: string) => {
      const contact = (await one<{ id: number }>(sql`insert into contacts (company_id, name, number)
        values (${companyId}, ${`Cliente ${number}`}, ${number}) returning id`)).id;
      return (await one<{ id: number }>(sql`insert into tickets
        (company_id, contact_id, whatsapp_id, queue_id, status, last_message)
        values (${companyId}, ${contact}, ${whatsapp}, ${queueId}, ${status}, 'Olá') returning id`))
        .id;
    };
    const mine = await ticketIn(queue, "open", "5511900000001");
    await ticketIn(queue, "closed", "5511900000002");
    await ticketIn(elsewhere, "open", "5511900000003");
    const tag = (name: string, kanban: number) =>
      one<{ id: number }>(sql`insert into tags (company_id, name, color, kanban)
        values (${companyId}, ${name}, '#123456', ${kanban}) returning id`).then((r) => r.id);
    const lane1 = await tag("Negociação", 1);
    const lane2 = await tag("Fechado", 1);
    const plain = await tag("VIP", 0);
    await db.run(sql`insert into ticket_tags (ticket_id, tag_id, company_id)
      values (${mine}, ${plain}, ${companyId})`);
    const biaSocket = await env.connect({ Authorization: `Bearer ${bia.token}` });

    await t.step("the board: open and waiting tickets of the viewer's own queues", async () => {
      const board = await answer(await asAna("GET", "/api/ticket/kanban"));
      assert.equal(board.status, 200);
      assert.deepEqual(board.body.tickets.map((ticket: { id: number }) => ticket.id), [mine]);
      assert.equal(board.body.tickets[0].contact.name, "Cliente 5511900000001");
    });

    const tagIds = async () =>
      (await db.query<{ tag_id: number }>(
        sql`select tag_id from ticket_tags where ticket_id = ${mine} order by tag_id`,
      )).map((row) => row.tag_id);

    await t.step("a move replaces the kanban tag, keeps the others, and is heard", async () => {
      assert.equal((await asAna("PUT", `/api/ticket-tags/${mine}/${lane1}`)).status, 200);
      assert.deepEqual(await tagIds(), [lane1, plain].sort((a, b) => a - b));
      const moved = await answer(await asAna("PUT", `/api/ticket-tags/${mine}/${lane2}`));
      assert.ok(moved.body.tags.some((tag: { id: number }) => tag.id === lane2));
      assert.deepEqual(await tagIds(), [lane2, plain].sort((a, b) => a - b));
      const heard = await biaSocket.next(channels.ticket(companyId));
      assert.equal((heard.data as { action: string }).action, "update");
      assert.equal((await asAna("DELETE", `/api/ticket-tags/${mine}`)).status, 200);
      assert.deepEqual(await tagIds(), [plain]);
    });

    await t.step("a tag that is not a lane, or unknown ids: 404, nothing changes", async () => {
      const notLane = await answer(await asAna("PUT", `/api/ticket-tags/${mine}/${plain}`));
      assert.deepEqual(notLane, { status: 404, body: { error: "ERR_NO_TAG_FOUND" } });
      assert.equal((await asAna("PUT", `/api/ticket-tags/999999/${lane1}`)).status, 404);
      assert.deepEqual(await tagIds(), [plain]);
    });

    await t.step("another company reaches nothing", async () => {
      assert.equal((await asEve("PUT", `/api/ticket-tags/${mine}/${lane1}`)).status, 404);
      assert.equal((await asEve("DELETE", `/api/ticket-tags/${mine}`)).status, 404);
      const board = await answer(await asEve("GET", "/api/ticket/kanban"));
      assert.deepEqual(board.body.tickets, []);
      assert.deepEqual(await tagIds(), [plain]);
    });

    await t.step("without useKanban in the plan: 403", async () => {
      await db.run(sql`update plans set use_kanban = false
        where id = (select plan_id from companies where id = ${companyId})`);
      const res = await answer(await asAna("GET", "/api/ticket/kanban"));
      assert.deepEqual(res, { status: 403, body: { error: "ERR_FEATURE_NOT_IN_PLAN" } });
    });
  } finally {
    await env.close();
  }
});
