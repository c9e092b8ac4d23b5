/**
 * A conversation's life through the API, on the real pipeline and outbox (sandbox phone):
 * accept, answer (signed, with variables, quoted, with a file), acks, delete, transfer with
 * its notice, resolve, reopen, a ticket made by hand, and who may do each. Every error code
 * of these calls is asked for once.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { answer } from "../helpers/api_as.ts";
import { openTicketEnv, waitFor } from "../helpers/ticket_env.ts";

const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  ),
  (c) => c.charCodeAt(0),
);

Deno.test("[api] tickets: transitions, replies, acks and their rules", async (t) => {
  const env = await openTicketEnv();
  const { db, hub, whatsapp, companyId, connectionId, queues, users } = env;
  const { asAdmin, asAgent, asOtherAgent, asOutsider } = env;
  const call = async (as: typeof asAdmin, method: string, path: string, body?: unknown) =>
    await answer(await as(method, path, body));
  const setting = (key: string, value: string) =>
    db.run(sql`insert into settings (company_id, key, value) values (${companyId}, ${key}, ${value})
               on conflict (company_id, key) do update set value = excluded.value`);
  const ids = (list: { tickets: { id: number }[] }) => list.tickets.map((ticket) => ticket.id);
  let maria: { id: number; uuid: string; contactId: number };

  try {
    await t.step("a customer's message waits as pending for every agent", async () => {
      maria = await env.customerWrites("5511987650001", "Maria Souza", "Oi, quero um orçamento");
      for (const as of [asAgent, asOtherAgent, asOutsider]) {
        const list = await call(as, "GET", "/api/tickets?status=pending");
        assert.deepEqual(ids(list.body), [maria.id]);
      }
    });

    await t.step("accept: open and assigned; the greeting goes out when enabled", async () => {
      await setting("sendGreetingAccepted", "enabled");
      const res = await call(asAgent, "PUT", `/api/tickets/${maria.id}`, { status: "open" });
      assert.equal(res.status, 200);
      assert.equal(res.body.status, "open");
      assert.equal(res.body.user.id, users.agent.id);
      const greeting = await db.one<{ body: string; from_me: boolean; ack: number }>(sql`
        select body, from_me, ack from messages where ticket_id = ${maria.id} and from_me`);
      assert.match(
        greeting.body,
        /^(Bom dia|Boa tarde|Boa noite|Boa madrugada) \*Maria Souza\*, meu nome é \*User \d+\*/,
      );
    });

    await t.step("an open ticket is its agent's: others may not close or answer it", async () => {
      const close = await call(asOtherAgent, "PUT", `/api/tickets/${maria.id}`, {
        status: "closed",
      });
      assert.deepEqual([close.status, close.body.error], [403, "ERR_NO_PERMISSION"]);
      const send = await call(asOtherAgent, "POST", `/api/messages/${maria.id}`, { body: "Oi" });
      assert.deepEqual([send.status, send.body.error], [403, "ERR_NO_PERMISSION"]);
      // The working list is "mine and the waiting ones"; an admin's show-all sees everything.
      assert.deepEqual(ids((await call(asOtherAgent, "GET", "/api/tickets?status=open")).body), []);
      assert.deepEqual(ids((await call(asAgent, "GET", "/api/tickets?status=open")).body), [
        maria.id,
      ]);
      assert.deepEqual(
        ids((await call(asAdmin, "GET", "/api/tickets?status=open&showAll=true")).body),
        [maria.id],
      );
    });

    await t.step("a reply: variables filled, signed, stored at ack 0, then 1 → 3 → 4", async () => {
      const res = await call(asAgent, "POST", `/api/messages/${maria.id}`, {
        body: "  Olá {{firstName}}, seu protocolo é {{protocol}}  ",
        sign: true,
      });
      assert.equal(res.status, 201);
      const [message] = res.body.messages;
      assert.match(message.body, /^\*User \d+:\*\nOlá Maria, seu protocolo é \d{14}\d+$/);
      assert.equal(message.ack, 0);
      assert.equal(message.fromMe, true);
      await whatsapp.drainOutbox(connectionId);
      const acked = await waitFor(async () => {
        const row = await db.one<{ ack: number }>(
          sql`select ack from messages where id = ${message.id}`,
        );
        return row.ack === 4 ? row : undefined;
      }, "ack 4");
      assert.equal(acked.ack, 4);
      // The customer's phone got it under the same WhatsApp id: one message, not two.
      const phone = await call(
        asAdmin,
        "GET",
        `/api/sandbox/${connectionId}/outbound?number=5511987650001`,
      );
      assert.ok(phone.body.messages.some((m: { id: string }) => m.id === message.wid));
      const copies = await db.one<{ n: number }>(sql`
        select count(*)::int as n from messages where wid = ${message.wid}`);
      assert.equal(copies.n, 1);
      const updates = hub.sent.filter((m) =>
        m.channel === `company-${companyId}-appMessage` && m.data.action === "update" &&
        m.data.message.id === message.id
      );
      assert.deepEqual(
        updates.map((m) => m.data.message.ack).filter((a, i, all) => all.indexOf(a) === i),
        [1, 3, 4],
      );
    });

    await t.step("blank text, an unknown quote, a quoted reply and a file", async () => {
      const blank = await call(asAgent, "POST", `/api/messages/${maria.id}`, { body: "   " });
      assert.deepEqual([blank.status, blank.body.error], [400, "ERR_VALIDATION"]);
      const unknown = await call(asAgent, "POST", `/api/messages/${maria.id}`, {
        body: "Sobre isso",
        quotedMsgId: 999999,
      });
      assert.deepEqual([unknown.status, unknown.body.error], [404, "ERR_NO_MESSAGE_FOUND"]);
      const customerMessage = await db.one<{ id: number; wid: string }>(sql`
        select id, wid from messages where ticket_id = ${maria.id} and not from_me`);
      const quoted = await call(asAgent, "POST", `/api/messages/${maria.id}`, {
        body: "Sobre o orçamento",
        quotedMsgId: customerMessage.id,
      });
      assert.equal(quoted.body.messages[0].quotedWid, customerMessage.wid);
      const form = new FormData();
      form.append("body", "Segue o catálogo");
      form.append("medias", new File([PNG], "catalogo de maio.png", { type: "image/png" }));
      const file = await call(asAgent, "POST", `/api/messages/${maria.id}`, form);
      assert.equal(file.status, 201);
      assert.equal(file.body.messages[0].mediaType, "image");
      assert.equal(file.body.messages[0].mediaName, "catalogo_de_maio.png");
      assert.equal(file.body.messages[0].body, "Segue o catálogo");
      await whatsapp.drainOutbox(connectionId);
      const phone = await call(
        asAdmin,
        "GET",
        `/api/sandbox/${connectionId}/outbound?number=5511987650001`,
      );
      const sent = phone.body.messages.find((m: { id: string }) =>
        m.id === file.body.messages[0].wid
      );
      assert.equal(sent.media.fileName, "catalogo_de_maio.png");
      assert.equal(sent.quotedId ?? null, null);
    });

    await t.step("delete: ours only, done on the phone, refused while disconnected", async () => {
      const theirs = await db.one<{ id: number }>(sql`
        select id from messages where ticket_id = ${maria.id} and not from_me`);
      const refused = await call(asAgent, "DELETE", `/api/messages/${theirs.id}`);
      assert.deepEqual([refused.status, refused.body.error], [400, "ERR_DELETE_WAPP_MSG"]);
      const ours = await db.one<{ id: number; wid: string }>(sql`
        select id, wid from messages where ticket_id = ${maria.id} and body = 'Sobre o orçamento'`);
      await db.run(sql`update whatsapps set status = 'DISCONNECTED' where id = ${connectionId}`);
      const offline = await call(asAgent, "DELETE", `/api/messages/${ours.id}`);
      assert.deepEqual([offline.status, offline.body.error], [409, "ERR_DELETE_WAPP_MSG"]);
      const untouched = await db.one<{ is_deleted: boolean }>(sql`
        select is_deleted from messages where id = ${ours.id}`);
      assert.equal(untouched.is_deleted, false);
      await db.run(sql`update whatsapps set status = 'CONNECTED' where id = ${connectionId}`);
      // The sessions' tick sends the delete while the request waits for its outcome.
      const deleting = call(asAgent, "DELETE", `/api/messages/${ours.id}`);
      // Once the request has queued the delete (not after a guessed pause), send it.
      await waitFor(
        async () =>
          (await db.maybeOne(sql`
          select 1 from whatsapp_outbox where payload->>'deleteId' = ${ours.wid}`)) ?? undefined,
        "the delete to be queued",
      );
      await whatsapp.drainOutbox(connectionId);
      const done = await deleting;
      assert.equal(done.status, 200);
      assert.equal(done.body.message.isDeleted, true);
      const phone = await db.one<{ deleted: boolean }>(sql`
        select deleted from sandbox_messages where message_id = ${ours.wid}`);
      assert.equal(phone.deleted, true);
    });

    await t.step("transfer: a queue is required; the notice goes out; lists adjust", async () => {
      const noQueue = await call(asAgent, "PUT", `/api/tickets/${maria.id}`, {
        queueId: null,
        userId: null,
      });
      assert.deepEqual([noQueue.status, noQueue.body.error], [400, "ERR_QUEUE_REQUIRED"]);
      // Put it in Vendas first, assigned to the agent.
      const toSales = await call(asAgent, "PUT", `/api/tickets/${maria.id}`, {
        queueId: queues.sales,
        userId: users.agent.id,
        status: "open",
      });
      assert.equal(toSales.body.queue.name, "Vendas");
      await setting("sendMsgTransfTicket", "enabled");
      hub.sent.length = 0;
      const res = await call(asAgent, "PUT", `/api/tickets/${maria.id}`, {
        queueId: queues.support,
        userId: null,
        status: "pending",
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.status, "pending");
      assert.equal(res.body.user, null);
      assert.equal(res.body.queue.name, "Suporte");
      const notice = await db.one<{ body: string }>(sql`
        select body from messages where ticket_id = ${maria.id} and from_me
        order by id desc limit 1`);
      assert.equal(
        notice.body,
        "*Mensagem automática*: Você foi transferido para o departamento *Suporte*, aguarde, já vamos te atender!",
      );
      // Vendas' agents lose sight of it, the previous assignee too (it is no longer theirs
      // and no longer in their queue); Suporte's agent gets it.
      const ticketEvents = hub.sent.filter((m) => m.channel === `company-${companyId}-ticket`);
      assert.ok(
        ticketEvents.some((m) =>
          m.room === `user-${users.otherAgent.id}` && m.data.action === "delete" &&
          m.data.ticketId === maria.id
        ),
      );
      assert.ok(
        ticketEvents.some((m) =>
          m.room === `user-${users.outsider.id}` && m.data.action === "update"
        ),
      );
      assert.ok(
        ticketEvents.some((m) => m.room === `user-${users.agent.id}` && m.data.action === "delete"),
      );
      assert.ok(
        !ticketEvents.some((m) =>
          m.room === `user-${users.agent.id}` && m.data.action === "update"
        ),
      );
      assert.equal((await call(asOtherAgent, "GET", `/api/tickets/${maria.id}`)).status, 404);
      assert.equal((await call(asAgent, "GET", `/api/tickets/${maria.id}`)).status, 404);
    });

    await t.step("resolve keeps the queue, records who resolved, clears unread", async () => {
      const accept = await call(asOutsider, "PUT", `/api/tickets/${maria.id}`, { status: "open" });
      assert.equal(accept.body.user.id, users.outsider.id);
      const res = await call(asOutsider, "PUT", `/api/tickets/${maria.id}`, { status: "closed" });
      assert.equal(res.body.status, "closed");
      assert.equal(res.body.user.id, users.outsider.id);
      assert.equal(res.body.queue.name, "Suporte");
      const closed = await call(asOutsider, "GET", "/api/tickets?status=closed");
      assert.deepEqual(ids(closed.body), [maria.id]);
      const send = await call(asAdmin, "POST", `/api/messages/${maria.id}`, { body: "Oi" });
      assert.deepEqual([send.status, send.body.error], [400, "ERR_TICKET_CLOSED"]);
    });

    await t.step(
      "a message after resolving opens a new ticket; reopening the old one is refused",
      async () => {
        const again = await env.customerWrites("5511987650001", "Maria Souza", "Mais uma dúvida");
        assert.notEqual(again.id, maria.id);
        assert.equal(again.status, "pending");
        const reopen = await call(asOutsider, "PUT", `/api/tickets/${maria.id}`, {
          status: "open",
        });
        assert.equal(reopen.status, 409);
        assert.equal(reopen.body.error, "ERR_OTHER_OPEN_TICKET");
        assert.equal(reopen.body.ticket.id, again.id);
        await call(asAdmin, "DELETE", `/api/tickets/${again.id}`);
        const reopened = await call(asOutsider, "PUT", `/api/tickets/${maria.id}`, {
          status: "open",
        });
        assert.equal(reopened.body.status, "open");
        assert.equal(reopened.body.user.id, users.outsider.id);
      },
    );

    await t.step(
      "a ticket made by hand: queue required for agents; one in progress per contact",
      async () => {
        const contact = await call(asAdmin, "POST", "/api/contacts", {
          name: "João Lima",
          number: "5511912345678",
        });
        const noQueue = await call(asAgent, "POST", "/api/tickets", { contactId: contact.body.id });
        assert.deepEqual([noQueue.status, noQueue.body.error], [400, "ERR_QUEUE_REQUIRED"]);
        const missing = await call(asAgent, "POST", "/api/tickets", {
          contactId: 999999,
          queueId: queues.sales,
        });
        assert.deepEqual([missing.status, missing.body.error], [404, "ERR_NO_CONTACT_FOUND"]);
        const made = await call(asAgent, "POST", "/api/tickets", {
          contactId: contact.body.id,
          queueId: queues.sales,
        });
        assert.equal(made.status, 201);
        assert.deepEqual(
          [made.body.status, made.body.user.id, made.body.queue.id, made.body.whatsapp.id],
          ["open", users.agent.id, queues.sales, connectionId],
        );
        const twice = await call(asOtherAgent, "POST", "/api/tickets", {
          contactId: contact.body.id,
          queueId: queues.sales,
        });
        assert.equal(twice.status, 409);
        assert.equal(twice.body.error, "ERR_OTHER_OPEN_TICKET");
        assert.deepEqual(twice.body.ticket.user, { id: users.agent.id, name: made.body.user.name });
        assert.deepEqual(twice.body.ticket.queue, { id: queues.sales, name: "Vendas" });
      },
    );

    await t.step(
      "notes: at least 2 characters, listed by contact, deleted by author or admin",
      async () => {
        const short = await call(asOutsider, "POST", "/api/ticket-notes", {
          ticketId: maria.id,
          note: "a",
        });
        assert.deepEqual([short.status, short.body.fields.note], [400, {
          code: "ERR_TOO_SHORT",
          minimum: 2,
        }]);
        const note = await call(asOutsider, "POST", "/api/ticket-notes", {
          ticketId: maria.id,
          note: "Cliente prefere contato à tarde",
        });
        assert.equal(note.status, 201);
        assert.equal(note.body.user.id, users.outsider.id);
        const list = await call(
          asOutsider,
          "GET",
          `/api/ticket-notes/list?ticketId=${maria.id}&contactId=${maria.contactId}`,
        );
        assert.deepEqual(list.body.map((n: { note: string }) => n.note), [
          "Cliente prefere contato à tarde",
        ]);
        const otherNote = await call(asAdmin, "POST", "/api/ticket-notes", {
          ticketId: maria.id,
          note: "Do admin",
        });
        const notMine = await call(asOutsider, "DELETE", `/api/ticket-notes/${otherNote.body.id}`);
        assert.deepEqual([notMine.status, notMine.body.error], [403, "ERR_NO_PERMISSION"]);
        assert.equal(
          (await call(asOutsider, "DELETE", `/api/ticket-notes/${note.body.id}`)).status,
          200,
        );
        assert.equal(
          (await call(asAdmin, "DELETE", `/api/ticket-notes/${otherNote.body.id}`)).status,
          200,
        );
        const gone = await call(asAdmin, "DELETE", `/api/ticket-notes/${note.body.id}`);
        assert.deepEqual([gone.status, gone.body.error], [404, "ERR_NO_NOTE_FOUND"]);
      },
    );

    await t.step("tags: the set replaces what was there; lists filter by them", async () => {
      const vip = (await call(asAdmin, "POST", "/api/tags", { name: "VIP" })).body.id;
      const late = (await call(asAdmin, "POST", "/api/tags", { name: "Atrasado" })).body.id;
      const synced = await call(asOutsider, "POST", "/api/tags/sync", {
        ticketId: maria.id,
        tags: [{ id: vip }, { id: late }, { id: vip }],
      });
      assert.deepEqual(synced.body.tags.map((tag: { name: string }) => tag.name), [
        "Atrasado",
        "VIP",
      ]);
      const byTag = await call(asAdmin, "GET", `/api/tickets?showAll=true&tags=[${vip}]`);
      assert.deepEqual(ids(byTag.body), [maria.id]);
      const both = await call(asAdmin, "GET", `/api/tickets?showAll=true&tags=${vip},${late}`);
      assert.deepEqual(ids(both.body), [maria.id]);
      await call(asOutsider, "POST", "/api/tags/sync", { ticketId: maria.id, tags: [late] });
      assert.deepEqual(
        ids((await call(asAdmin, "GET", `/api/tickets?showAll=true&tags=[${vip}]`)).body),
        [],
      );
      const counts = await call(asAdmin, "GET", "/api/tags/list");
      assert.ok(counts.status === 200);
      const foreign = await db.one<{ id: number }>(sql`
        insert into tags (company_id, name, color) values
          ((select id from companies where id <> ${companyId} order by id desc limit 1), 'Alheia', '#000000')
        returning id`);
      const refused = await call(asOutsider, "POST", "/api/tags/sync", {
        ticketId: maria.id,
        tags: [foreign.id],
      });
      assert.deepEqual([refused.status, refused.body.error], [404, "ERR_NO_TAG_FOUND"]);
    });

    await t.step("list filters: message text, users, unread", async () => {
      const bySearch = await call(
        asAdmin,
        "GET",
        `/api/tickets?showAll=true&searchParam=${encodeURIComponent("ORÇAMENTO")}`,
      );
      assert.deepEqual(ids(bySearch.body), [maria.id]);
      const byUser = await call(
        asAdmin,
        "GET",
        `/api/tickets?showAll=true&users=[${users.agent.id}]`,
      );
      assert.ok(ids(byUser.body).every((id) => id !== maria.id));
      const bad = await call(asAdmin, "GET", "/api/tickets?users=abc");
      assert.deepEqual([bad.status, bad.body.error], [400, "ERR_VALIDATION"]);
      const bob = await env.customerWrites("5511987650002", "Bob", "Olá");
      const unread = await call(
        asAdmin,
        "GET",
        "/api/tickets?showAll=true&withUnreadMessages=true",
      );
      assert.deepEqual(ids(unread.body), [bob.id]);
    });

    await t.step("delete: admins only; the messages go with the ticket", async () => {
      const refused = await call(asOutsider, "DELETE", `/api/tickets/${maria.id}`);
      assert.deepEqual([refused.status, refused.body.error], [403, "ERR_NO_PERMISSION"]);
      assert.equal((await call(asAdmin, "DELETE", `/api/tickets/${maria.id}`)).status, 200);
      const left = await db.one<{ n: number }>(sql`
        select count(*)::int as n from messages where ticket_id = ${maria.id}`);
      assert.equal(left.n, 0);
      const again = await call(asAdmin, "GET", `/api/tickets/${maria.id}`);
      assert.deepEqual([again.status, again.body.error], [404, "ERR_NO_TICKET_FOUND"]);
    });
  } finally {
    await env.close();
  }
});
