/**
 * The one send path (services/outbox, and services/tickets/queue_outgoing.ts for a ticket's
 * messages): a message queued for later waits
 * for its time, and every message keeps who queued it, also when only its echo is stored.
 */
import { createDiskMediaStore } from "../../lib/media/mod.ts";
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { createInboundPipeline, queueOutgoing } from "../../services/tickets/mod.ts";
import { enqueue, type OutboxPayload, sendDue } from "../../services/outbox/mod.ts";
import { createTestCompany } from "../helpers/accounts.ts";
import { openTestDb } from "../helpers/db.ts";
import { incomingMessage } from "../helpers/incoming.ts";
import { createTestConnection } from "../helpers/users.ts";
import { nullHub } from "../../lib/realtime/mod.ts";

const HOUR = 3_600_000;

Deno.test("[api] queued messages: not before their time, with their origin", async (t) => {
  const testDb = await openTestDb();
  const { db } = testDb;
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-outgoing-" });
  try {
    const companyId = await createTestCompany(db);
    const connectionId = await createTestConnection(db, companyId);
    const target = { companyId, whatsappId: connectionId };
    const sent: OutboxPayload[] = [];
    const phone = (payload: OutboxPayload) => {
      sent.push(payload);
      return Promise.resolve({ messageId: payload.messageId!, timestamp: new Date() });
    };
    const at = (time: number) => ({ clock: { now: () => new Date(time) } });

    await t.step("a message for two hours from now waits until then", async () => {
      const start = Date.now();
      await enqueue(db, {
        companyId,
        connectionId,
        to: { number: "5511987650009" },
        body: "Lembrete da consulta",
        notBefore: new Date(start + 2 * HOUR),
        origin: "schedule",
      });
      assert.equal(await sendDue(db, "instance", target, phone, at(start)), 0);
      assert.equal(await sendDue(db, "instance", target, phone, at(start + HOUR)), 0);
      assert.equal(sent.length, 0);
      assert.equal(await sendDue(db, "instance", target, phone, at(start + 2 * HOUR)), 1);
      assert.deepEqual(sent.map((payload) => payload.body), ["Lembrete da consulta"]);
      assert.equal(await sendDue(db, "instance", target, phone, at(start + 3 * HOUR)), 0);
    });

    const pipeline = createInboundPipeline({
      db,
      hub: nullHub(),
      media: createDiskMediaStore(dataDir),
    });
    const customer = { number: "5511987650010", lid: null, name: "Rita", isGroup: false };
    const receive = (wid: string, extra: Parameters<typeof incomingMessage>[3] = {}) =>
      pipeline({
        type: "message",
        companyId,
        connectionId,
        message: incomingMessage(customer, wid, "texto", extra),
      });
    const originOf = async (wid: string) =>
      (await db.one<{ origin: string | null }>(sql`
        select origin from messages where company_id = ${companyId} and wid = ${wid}`)).origin;

    await t.step("a ticket's message is stored with its origin, as is its outbox row", async () => {
      const received = await receive("IN1");
      const queued = await db.transaction((tx) =>
        queueOutgoing(tx, {
          companyId,
          connectionId,
          ticket: received!.ticket,
          body: "Escolha uma opção",
          origin: "bot",
        })
      );
      assert.equal(queued.message?.body, "Escolha uma opção");
      assert.equal(await originOf(queued.wid), "bot");
      const row = await db.one<{ origin: string; to: unknown }>(sql`
        select origin, payload->'to' as to from whatsapp_outbox where id = ${queued.outboxId}`);
      assert.deepEqual(row, {
        origin: "bot",
        to: { number: customer.number, lid: null, isGroup: false },
      });
      // The provider's echo of it is the same message: nothing new is stored.
      assert.equal(await receive(queued.wid, { fromMe: true }), undefined);
    });

    await t.step(
      "a campaign's echo to a number alone is not stored; a phone's message is",
      async () => {
        const queued = await enqueue(db, {
          companyId,
          connectionId,
          to: { number: customer.number },
          body: "Promoção de hoje",
          origin: "campaign",
        });
        // To a number alone, only the outbox row is written: no message is stored.
        assert.equal(
          await db.maybeOne(sql`
            select 1 from messages where company_id = ${companyId} and wid = ${queued.wid}`),
          undefined,
        );
        const tickets = async () =>
          (await db.one<{ n: number }>(sql`
          select count(*)::int as n from tickets where company_id = ${companyId}`)).n;
        const before = await tickets();
        // Issue 20: campaign messages never create, reopen or close a conversation.
        await receive(queued.wid, { fromMe: true });
        const echo = await db.maybeOne(sql`
        select 1 from messages where company_id = ${companyId} and wid = ${queued.wid}`);
        assert.equal(echo, undefined);
        assert.equal(await tickets(), before);
        await receive("TYPED-ON-PHONE", { fromMe: true });
        assert.equal(await originOf("TYPED-ON-PHONE"), null);
        assert.equal(await originOf("IN1"), null, "a customer's message has none");
      },
    );
  } finally {
    await testDb.close();
    await Deno.remove(dataDir, { recursive: true });
  }
});
