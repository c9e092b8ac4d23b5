/**
 * The integrators' API (issue 19 item 3): `POST /api/messages/send` and `/api/send` signed in
 * by a connection's token, into the contact's ticket through the one send path; every error
 * of the issue (a number not on WhatsApp too), a multipart send with two images, Idempotency-Key, the per-token rate limit,
 * acks read back, and the token shown to admins only and rotatable.
 */
import assert from "node:assert/strict";
import { FakeClock } from "../../lib/clock.ts";
import { sql } from "../../lib/db/mod.ts";
import { RATE_LIMIT } from "../../routes/api/external_send.ts";
import { answer } from "../helpers/api_as.ts";
import { openTicketEnv, waitFor } from "../helpers/ticket_env.ts";

const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  ),
  (c) => c.charCodeAt(0),
);

Deno.test("[api] integrators' send API: token, number, media, idempotency, shared rate limit", async (t) => {
  const clock = new FakeClock(new Date());
  const env = await openTicketEnv({ clock });
  const { app, db, companyId, asAdmin, asAgent } = env;
  try {
    const tokenOf = async (id: number) =>
      (await db.one<{ token: string }>(sql`select token from whatsapps where id = ${id}`)).token;
    let token = await tokenOf(env.connectionId);
    const call = (
      path: string,
      body: unknown,
      headers: Record<string, string> = { Authorization: `Bearer ${token}` },
      instance = app,
    ) => {
      const form = body instanceof FormData;
      return instance.request(path, {
        method: "POST",
        headers: form ? headers : { ...headers, "Content-Type": "application/json" },
        body: form ? body : JSON.stringify(body),
      });
    };

    await t.step("JSON: the message goes into the customer's ticket, acks readable", async () => {
      const ticket = await env.customerWrites("5511987650201", "Carla Dias", "Oi");
      const res = await answer(
        await call("/api/messages/send", { number: "(11) 98765-0201", body: "Pedido {{name}} ok" }),
      );
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.mensagem, "Mensagem enviada");
      assert.equal(res.body.ticketId, ticket.id);
      const stored = await db.one<{ body: string; origin: string }>(sql`
        select body, origin from messages where id = ${res.body.messageId}`);
      assert.deepEqual(stored, { body: "Pedido Carla Dias ok", origin: "api" });
      // The agents hear it live, in the ticket.
      assert.ok(
        env.hub.sent.some((s) =>
          s.channel === `company-${companyId}-appMessage` &&
          s.data.message?.id === res.body.messageId
        ),
      );
      await env.whatsapp.drainOutbox(env.connectionId);
      await waitFor(async () => {
        const row = await db.one<{ ack: number }>(sql`
          select ack from messages where id = ${res.body.messageId}`);
        return row.ack >= 1 ? row : undefined;
      }, "the sandbox's ack");
      const acked = (await answer(
        await app.request(`/api/messages/send/${res.body.messageId}`, {
          headers: { Authorization: `Bearer ${token}` },
        }),
      )).body;
      assert.ok(acked.ack >= 1);
      assert.deepEqual([acked.ticketId, acked.failed], [ticket.id, false]);
    });

    await t.step("/api/send, a new number: a contact and a pending ticket are made", async () => {
      const res = await answer(
        await call("/api/send", {
          number: "+55 21 99876-0202",
          body: "Bem-vindo",
          closeTicket: true,
        }),
      );
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const ticket = await db.one<{ status: string; number: string }>(sql`
        select t.status, c.number from tickets t join contacts c on c.id = t.contact_id
        where t.id = ${res.body.ticketId}`);
      assert.deepEqual(ticket, { status: "closed", number: "5521998760202" });
    });

    await t.step("multipart with two images: two messages, the text on the first", async () => {
      const form = new FormData();
      form.append("number", "5511987650201");
      form.append("body", "Fotos do pedido");
      form.append("medias", new File([PNG], "frente.png", { type: "image/png" }));
      form.append("medias", new File([PNG], "verso.png", { type: "image/png" }));
      const res = await answer(await call("/api/messages/send", form));
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.messageIds.length, 2);
      const rows = await db.query<{ body: string; media_type: string; media_name: string }>(sql`
        select body, media_type, media_name from messages
        where id = any(${res.body.messageIds}::int[]) order by id`);
      assert.deepEqual(rows, [
        { body: "Fotos do pedido", media_type: "image", media_name: "frente.png" },
        { body: "", media_type: "image", media_name: "verso.png" },
      ]);
    });

    await t.step("the same Idempotency-Key twice sends once, answering the same", async () => {
      const count = async () =>
        (await db.one<{ n: number }>(sql`
          select count(*)::int as n from messages where body = 'Boleto vence hoje'`)).n;
      const headers = { Authorization: `Bearer ${token}`, "Idempotency-Key": "pedido-981" };
      const body = { number: "5511987650201", body: "Boleto vence hoje" };
      const [first, second] = await Promise.all([
        answer(await call("/api/messages/send", body, headers)),
        answer(await call("/api/messages/send", body, headers)),
      ]);
      const third = await answer(await call("/api/messages/send", body, headers));
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.deepEqual(second.body, first.body);
      assert.deepEqual(third.body, first.body);
      assert.equal(await count(), 1);
    });

    await t.step("errors: token 401, bad number 400, too large 413, disconnected 409", async () => {
      const text = { number: "5511987650201", body: "Olá" };
      const none = await answer(await call("/api/messages/send", text, {}));
      assert.deepEqual([none.status, none.body.error], [401, "ERR_INVALID_API_TOKEN"]);
      const empty = await answer(
        await call("/api/messages/send", text, { Authorization: "Bearer " }),
      );
      assert.equal(empty.status, 401);
      const wrong = await answer(
        await call("/api/send", text, { Authorization: `Bearer ${token.slice(1)}x` }),
      );
      assert.equal(wrong.status, 401);
      // A user's session is not a connection token.
      const asUser = await answer(await asAdmin("POST", "/api/messages/send", text));
      assert.equal(asUser.status, 401);
      const bad = await answer(await call("/api/messages/send", { number: "12", body: "Olá" }));
      assert.deepEqual([bad.status, bad.body.error], [400, "ERR_INVALID_NUMBER"]);
      // A well-formed number WhatsApp has no account for (the sandbox's "…0000") is refused
      // too, before any contact or message is made.
      const nobody = await answer(
        await call("/api/messages/send", { number: "5511987650000", body: "Olá" }),
      );
      assert.deepEqual([nobody.status, nobody.body.error], [400, "ERR_INVALID_NUMBER"]);
      const made = await db.one<{ n: number }>(sql`
        select count(*)::int as n from contacts where number = '5511987650000'`);
      assert.equal(made.n, 0);
      const big = new FormData();
      big.append("number", "5511987650201");
      big.append("medias", new File([new Uint8Array(17 * 1024 * 1024)], "x.png"));
      const large = await answer(await call("/api/messages/send", big));
      assert.deepEqual([large.status, large.body.error], [413, "ERR_MEDIA_TOO_LARGE"]);
      await db.run(
        sql`update whatsapps set status = 'DISCONNECTED' where id = ${env.connectionId}`,
      );
      const off = await answer(await call("/api/messages/send", text));
      assert.deepEqual([off.status, off.body.error], [409, "ERR_WAPP_NOT_CONNECTED"]);
      await db.run(sql`update whatsapps set status = 'CONNECTED' where id = ${env.connectionId}`);
      await db.run(sql`update plans set use_external_api = false
        where id = (select plan_id from companies where id = ${companyId})`);
      const plan = await answer(await call("/api/messages/send", text));
      assert.deepEqual([plan.status, plan.body.error], [403, "ERR_FEATURE_NOT_IN_PLAN"]);
      await db.run(sql`update plans set use_external_api = true
        where id = (select plan_id from companies where id = ${companyId})`);
    });

    await t.step("another company's token cannot read this company's messages", async () => {
      const sent = await answer(await call("/api/send", { number: "5511987650201", body: "Meu" }));
      const other = await db.one<{ token: string }>(sql`
        insert into whatsapps (company_id, name, provider, token, status)
        values ((select id from companies where id <> ${companyId} order by id desc limit 1),
                'Outra', 'sandbox', ${crypto.randomUUID()}, 'CONNECTED')
        returning token`);
      const read = await app.request(`/api/messages/send/${sent.body.messageId}`, {
        headers: { Authorization: `Bearer ${other.token}` },
      });
      assert.equal(read.status, 404);
    });

    await t.step("the token: admins only, rotated on request", async () => {
      const admin = await answer(await asAdmin("GET", `/api/whatsapp/${env.connectionId}`));
      assert.equal(admin.body.token, token);
      const agent = await answer(await asAgent("GET", `/api/whatsapp/${env.connectionId}`));
      assert.equal(agent.body.token, undefined);
      const renewed = await answer(
        await asAdmin("PUT", `/api/whatsapp/${env.connectionId}`, { renewToken: true }),
      );
      assert.equal(renewed.status, 200, JSON.stringify(renewed.body));
      assert.notEqual(renewed.body.token, token);
      const old = await call("/api/send", { number: "5511987650201", body: "Velho" });
      assert.equal(old.status, 401);
      token = renewed.body.token;
    });

    await t.step(
      "rate limit per token, shared by two instances: 429 with Retry-After, free a minute later",
      async () => {
        clock.advance(60_000);
        const invalid = { number: "1", body: "x" };
        const auth = { Authorization: `Bearer ${token}` };
        // Calls spread over two instances count together: the limit is the token's, not each
        // instance's.
        const instances = [app, env.anotherApp()];
        for (let i = 0; i < RATE_LIMIT; i++) {
          assert.equal((await call("/api/send", invalid, auth, instances[i % 2])).status, 400);
        }
        clock.advance(1_000);
        const limited = await call("/api/send", invalid, auth, instances[1]);
        assert.equal(limited.status, 429);
        assert.equal(Number(limited.headers.get("Retry-After")), 59);
        assert.equal((await answer(limited)).body.error, "ERR_TOO_MANY_ATTEMPTS");
        assert.equal((await call("/api/send", invalid)).status, 429);
        clock.advance(59_000);
        assert.equal((await call("/api/send", invalid)).status, 400);
      },
    );
  } finally {
    await env.close();
  }
});
