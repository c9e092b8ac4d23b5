/**
 * The inbound pipeline and the ticket read API: provider events (as the sandbox or Baileys
 * emit them) become one contact, one ticket in progress and one message per WhatsApp id,
 * even all at once; the lists and message pages follow the visibility rules; another
 * company sees none of it.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { createInboundPipeline } from "../../services/tickets/inbound.ts";
import type { IncomingMessage } from "../../services/whatsapp/provider.ts";
import { answer, openAppWithActors } from "../helpers/api_as.ts";
import { incomingMessage } from "../helpers/incoming.ts";
import { recordingHub } from "../helpers/ticket_env.ts";
import { createTestConnection } from "../helpers/users.ts";
import { createDiskMediaStore } from "../../lib/media/mod.ts";

const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  ),
  (c) => c.charCodeAt(0),
);

Deno.test("[api] inbound messages become tickets; tickets and messages are read", async (t) => {
  const env = await openAppWithActors();
  const { db, companyId, asAdmin, asAgent, asOtherAdmin } = env;
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-inbound-" });
  const hub = recordingHub();
  const pipeline = createInboundPipeline({ db, hub, media: createDiskMediaStore(dataDir) });
  const connectionId = await createTestConnection(db, companyId);
  const customer = { number: "5511987650001", lid: null, name: "Maria", isGroup: false };
  const message = (wid: string, body: string, extra: Partial<IncomingMessage> = {}) =>
    pipeline({
      type: "message",
      companyId,
      connectionId,
      message: incomingMessage(customer, wid, body, extra),
    });
  const count = async (table: "contacts" | "tickets" | "messages") =>
    (await db.one<{ n: number }>(
      sql`select count(*)::int as n from ${sql.raw(table)} where company_id = ${companyId}`,
    )).n;
  const userIdOf = async (profile: "user" | "admin") =>
    (await db.one<{ id: number }>(sql`
      select id from users where company_id = ${companyId} and profile = ${profile}`)).id;
  const agentId = await userIdOf("user");
  const adminId = await userIdOf("admin");
  const setAllTicket = async (value: "enabled" | "disabled") => {
    const res = await answer(await asAdmin("PUT", `/api/users/${agentId}`, { allTicket: value }));
    assert.equal(res.status, 200, JSON.stringify(res.body));
  };
  // The agent is in no queue; "Ver atendimentos sem fila" lets them see tickets without one.
  await db.run(sql`update users set all_ticket = 'enabled' where id = ${agentId}`);
  let ticketId = 0;

  try {
    await t.step("50 messages of a new customer at once: one contact, one ticket", async () => {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) => message(`W${i}`, `Mensagem ${i}`)),
      );
      assert.equal(await count("contacts"), 1);
      assert.equal(await count("tickets"), 1);
      assert.equal(await count("messages"), 50);
      const ticket = await db.one<{ id: number; unread_messages: number; status: string }>(
        sql`select id, unread_messages, status from tickets where company_id = ${companyId}`,
      );
      assert.equal(ticket.unread_messages, 50);
      assert.equal(ticket.status, "pending");
      ticketId = ticket.id;
      // Without a queue, the waiting ticket reaches the admins and the allTicket users.
      const rooms = new Set(hub.sent.map((p) => p.room));
      assert.deepEqual([...rooms].sort(), [`user-${adminId}`, `user-${agentId}`].sort());
      assert.ok(hub.sent.some((p) => p.channel === `company-${companyId}-appMessage`));
    });

    await t.step("the same WhatsApp message twice is stored once", async () => {
      await message("W7", "Mensagem 7");
      assert.equal(await count("messages"), 50);
      const { unread_messages } = await db.one<{ unread_messages: number }>(
        sql`select unread_messages from tickets where id = ${ticketId}`,
      );
      assert.equal(unread_messages, 50);
    });

    await t.step("without a queue, a ticket is seen by allTicket users only", async () => {
      await setAllTicket("disabled");
      assert.equal((await answer(await asAgent("GET", "/api/tickets"))).body.tickets.length, 0);
      assert.equal((await answer(await asAgent("GET", `/api/tickets/${ticketId}`))).status, 404);
      assert.equal((await answer(await asAgent("GET", `/api/messages/${ticketId}`))).status, 404);
      const accept = await answer(
        await asAgent("PUT", `/api/tickets/${ticketId}`, { status: "open" }),
      );
      assert.equal(accept.status, 404, "a ticket out of sight cannot be taken either");
      hub.sent.length = 0;
      await message("W60", "Alguém aí?");
      assert.deepEqual([...new Set(hub.sent.map((p) => p.room))], [`user-${adminId}`]);

      // An admin's change applies at once: no new sign-in needed.
      await setAllTicket("enabled");
      const list = await answer(await asAgent("GET", "/api/tickets?status=pending"));
      assert.deepEqual(list.body.tickets.map((t: { id: number }) => t.id), [ticketId]);
      hub.sent.length = 0;
      await message("W61", "Oi?");
      assert.ok(hub.sent.some((p) => p.room === `user-${agentId}`));
      await db.run(sql`delete from messages where wid in ('W60', 'W61')`);
      await db.run(sql`update tickets set unread_messages = 50 where id = ${ticketId}`);
    });

    await t.step("the list, by status and search, and one ticket by id and uuid", async () => {
      const list = await answer(await asAdmin("GET", "/api/tickets?status=pending"));
      assert.equal(list.status, 200);
      assert.equal(list.body.tickets.length, 1);
      const ticket = list.body.tickets[0];
      assert.equal(ticket.contact.name, "Maria");
      assert.equal(ticket.unreadMessages, 50);
      assert.equal(list.body.hasMore, false);
      assert.equal(
        (await answer(await asAdmin("GET", "/api/tickets?status=open"))).body.tickets.length,
        0,
      );
      const found = await answer(await asAdmin("GET", "/api/tickets?searchParam=mari"));
      assert.equal(found.body.tickets.length, 1);
      const byNumber = await answer(await asAdmin("GET", "/api/tickets?searchParam=98765"));
      assert.equal(byNumber.body.tickets.length, 1);
      // As people write numbers: the digits are searched.
      const written = await answer(
        await asAdmin("GET", `/api/tickets?searchParam=${encodeURIComponent("(11) 98765")}`),
      );
      assert.equal(written.body.tickets.length, 1);
      const otherNumber = await answer(await asAdmin("GET", "/api/tickets?searchParam=12121"));
      assert.equal(otherNumber.body.tickets.length, 0);
      assert.equal(
        (await answer(await asAdmin("GET", `/api/tickets/${ticketId}`))).body.uuid,
        ticket.uuid,
      );
      assert.equal(
        (await answer(await asAdmin("GET", `/api/tickets/u/${ticket.uuid}`))).body.id,
        ticketId,
      );
      const bad = await answer(await asAdmin("GET", "/api/tickets?status=waiting"));
      assert.equal(bad.status, 400);
      const cursor = await answer(await asAdmin("GET", "/api/tickets?cursor=yesterday_1"));
      assert.deepEqual([cursor.status, cursor.body.error], [400, "ERR_INVALID_CURSOR"]);
    });

    await t.step("older pages of messages; reading resets the unread count", async () => {
      // An admin's peek reads without resetting it.
      const peeked = await answer(await asAdmin("GET", `/api/messages/${ticketId}?peek=true`));
      assert.equal(peeked.status, 200);
      assert.equal(peeked.body.ticket.unreadMessages, 50);
      const still = await db.one<{ n: number }>(
        sql`select unread_messages as n from tickets where id = ${ticketId}`,
      );
      assert.equal(still.n, 50);
      const bad = await answer(await asAdmin("GET", `/api/messages/${ticketId}?peek=maybe`));
      assert.equal(bad.status, 400);
      const seen: string[] = [];
      let cursor = "";
      for (const expected of [20, 20, 10]) {
        const page = await answer(
          await asAgent("GET", `/api/messages/${ticketId}${cursor ? `?cursor=${cursor}` : ""}`),
        );
        assert.equal(page.status, 200);
        assert.equal(page.body.messages.length, expected);
        const times = page.body.messages.map((m: { createdAt: string }) => m.createdAt);
        assert.deepEqual(times, [...times].sort(), "oldest first within a page");
        seen.push(...page.body.messages.map((m: { wid: string }) => m.wid));
        assert.equal(page.body.hasMore, expected === 20);
        cursor = encodeURIComponent(page.body.nextCursor ?? "");
      }
      assert.equal(new Set(seen).size, 50, "every message once");
      const after = await db.one<{ unread_messages: number; unread: number }>(sql`
        select t.unread_messages,
               (select count(*)::int from messages m where m.ticket_id = t.id and not m.read)
                 as unread
        from tickets t where t.id = ${ticketId}`);
      assert.deepEqual(after, { unread_messages: 0, unread: 0 });
    });

    await t.step("acks, edits and deletes change the stored message", async () => {
      await pipeline({
        type: "ack",
        companyId,
        connectionId,
        messageId: "W1",
        chat: customer,
        ack: 3,
      });
      await pipeline({
        type: "ack",
        companyId,
        connectionId,
        messageId: "W1",
        chat: customer,
        ack: 2,
      });
      await pipeline({
        type: "edit",
        companyId,
        connectionId,
        messageId: "W2",
        chat: customer,
        body: "Corrigido",
      });
      await pipeline({ type: "delete", companyId, connectionId, messageId: "W3", chat: customer });
      const rows = await db.query<
        { wid: string; ack: number; body: string; is_edited: boolean; is_deleted: boolean }
      >(
        sql`select wid, ack, body, is_edited, is_deleted from messages
            where company_id = ${companyId} and wid in ('W1', 'W2', 'W3') order by wid`,
      );
      assert.equal(rows[0]!.ack, 3, "an ack never goes back");
      assert.deepEqual([rows[1]!.body, rows[1]!.is_edited], ["Corrigido", true]);
      assert.equal(rows[2]!.is_deleted, true);
    });

    await t.step("a ticket in a queue reaches only that queue's users and the admins", async () => {
      const queue = await answer(
        await asAdmin("POST", "/api/queue", { name: "Cobrança", color: "#0055aa" }),
      );
      await db.run(sql`update tickets set queue_id = ${queue.body.id} where id = ${ticketId}`);
      assert.equal((await answer(await asAgent("GET", "/api/tickets"))).body.tickets.length, 0);
      assert.equal((await answer(await asAgent("GET", `/api/tickets/${ticketId}`))).status, 404);
      assert.equal((await answer(await asAgent("GET", `/api/messages/${ticketId}`))).status, 404);
      assert.equal((await answer(await asAdmin("GET", "/api/tickets"))).body.tickets.length, 1);
      hub.sent.length = 0;
      await message("W100", "Ainda aí?");
      const rooms = new Set(hub.sent.map((p) => p.room));
      assert.deepEqual([...rooms], [`user-${adminId}`], "not the agent outside the queue");
    });

    await t.step("after the ticket is closed, the next message opens a new one", async () => {
      await db.run(sql`update tickets set status = 'closed' where id = ${ticketId}`);
      await message("W200", "Voltei");
      assert.equal(await count("tickets"), 2);
      assert.equal(await count("contacts"), 1);
      // The new ticket's messages go on into the earlier ticket, for those who may see it:
      // the admin does; the agent, outside the earlier ticket's queue, sees only the new one.
      const { id: newId } = await db.one<{ id: number }>(sql`
        select ticket_id as id from messages where company_id = ${companyId} and wid = 'W200'`);
      const admins = (await answer(await asAdmin("GET", `/api/messages/${newId}`))).body;
      const tickets = admins.messages.map((m: { ticketId: number }) => m.ticketId);
      assert.equal(admins.messages.length, 20);
      assert.equal(tickets.at(-1), newId);
      assert.equal(tickets.filter((id: number) => id === ticketId).length, 19);
      assert.equal(admins.hasMore, true);
      const agents = (await answer(await asAgent("GET", `/api/messages/${newId}`))).body;
      assert.deepEqual(agents.messages.map((m: { wid: string }) => m.wid), ["W200"]);
      assert.equal(agents.hasMore, false);
    });

    await t.step("group messages are ignored unless the company takes them", async () => {
      const group = { number: "120363000001", lid: null, name: "", isGroup: true };
      await message("G1", "Oi grupo", { chat: group });
      assert.equal(await count("tickets"), 2);
      await db.run(sql`update settings set value = 'disabled'
        where company_id = ${companyId} and key = 'CheckMsgIsGroup'`);
      await message("G2", "Oi grupo", { chat: group });
      assert.equal(await count("tickets"), 3);
    });

    await t.step("a picture is saved under the company's folder", async () => {
      await message("IMG1", "", {
        media: {
          kind: "image",
          mimetype: "image/png",
          fileName: null,
          size: PNG.length,
          fetch: () => Promise.resolve(PNG),
        },
      });
      const row = await db.one<{ media_type: string; media_path: string }>(sql`
        select media_type, media_path from messages where company_id = ${companyId} and wid = 'IMG1'`);
      assert.equal(row.media_type, "image");
      assert.match(row.media_path, new RegExp(`^${companyId}/messages/.+\\.png$`));
      const bytes = await Deno.readFile(`${dataDir}/media/${row.media_path}`);
      assert.deepEqual([...bytes], [...PNG]);
    });

    await t.step("a location, a contact card and a missed call keep their details", async () => {
      const location = { latitude: -23.5614, longitude: -46.6559, name: "Loja Paulista" };
      await message("LOC1", "aqui", { location });
      await message("VCARD1", "", { vcards: ["BEGIN:VCARD\nFN:Roberto\nEND:VCARD"] });
      await message("CALL1", "", { callLog: { isVideo: false } });
      await message("QUOTE1", "esse mesmo", { quotedId: "LOC1" });
      const { ticket_id } = await db.one<{ ticket_id: number }>(sql`
        select ticket_id from messages where company_id = ${companyId} and wid = 'LOC1'`);
      const page = await answer(await asAdmin("GET", `/api/messages/${ticket_id}`));
      assert.equal(page.status, 200);
      const byWid = new Map<string, { mediaType: string; data: unknown; quotedMsg: unknown }>(
        page.body.messages.map((m: { wid: string }) => [m.wid, m]),
      );
      assert.equal(byWid.get("LOC1")?.mediaType, "locationMessage");
      assert.deepEqual(byWid.get("LOC1")?.data, { location });
      assert.deepEqual(byWid.get("VCARD1")?.data, {
        vcards: ["BEGIN:VCARD\nFN:Roberto\nEND:VCARD"],
      });
      assert.equal(byWid.get("CALL1")?.mediaType, "call_log");
      assert.deepEqual(byWid.get("CALL1")?.data, { callLog: { isVideo: false } });
      // A page gives each reply the message it quotes.
      assert.deepEqual(byWid.get("QUOTE1")?.quotedMsg, {
        id: (page.body.messages.find((m: { wid: string }) => m.wid === "LOC1")).id,
        body: "aqui",
        fromMe: false,
        mediaType: "locationMessage",
      });
      assert.equal(byWid.get("LOC1")?.quotedMsg, null);
    });

    await t.step("another company's admin sees none of it", async () => {
      const ticket = (await answer(await asAdmin("GET", `/api/tickets/${ticketId}`))).body;
      assert.equal(
        (await answer(await asOtherAdmin("GET", "/api/tickets"))).body.tickets.length,
        0,
      );
      for (
        const path of [
          `/api/tickets/${ticketId}`,
          `/api/tickets/u/${ticket.uuid}`,
          `/api/messages/${ticketId}`,
        ]
      ) {
        const res = await answer(await asOtherAdmin("GET", path));
        assert.deepEqual([res.status, res.body.error], [404, "ERR_NO_TICKET_FOUND"], path);
      }
    });
  } finally {
    await env.close();
    await Deno.remove(dataDir, { recursive: true });
  }
});
