/**
 * The inbound pipeline's guarantees toward what comes after it: no customer message is lost
 * to the text it carries, and the hooks (chatbot, AI, integrations… in later areas) hear each
 * stored customer message exactly once, never a repeat or our own echo, and cannot lose it.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { memoryLog } from "../../lib/log.ts";
import { createDiskMediaStore } from "../../lib/media/mod.ts";
import {
  createInboundPipeline,
  type InboundHook,
  type InboundMessage,
} from "../../services/tickets/mod.ts";
import type { IncomingMessage } from "../../services/whatsapp/provider.ts";
import { createTestCompany } from "../helpers/accounts.ts";
import { openTestDb } from "../helpers/db.ts";
import { incomingMessage } from "../helpers/incoming.ts";
import { recordingHub } from "../helpers/ticket_env.ts";
import { createTestConnection } from "../helpers/users.ts";

async function openPipelineEnv() {
  const testDb = await openTestDb();
  const { db } = testDb;
  const companyId = await createTestCompany(db);
  const connectionId = await createTestConnection(db, companyId);
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-inbound-" });
  const customer = { number: "5511987650002", lid: null, name: "Maria", isGroup: false };
  const incoming = (wid: string, body: string, extra: Partial<IncomingMessage> = {}) =>
    incomingMessage(customer, wid, body, extra);
  return {
    db,
    companyId,
    connectionId,
    dataDir,
    incoming,
    close: async () => {
      await testDb.close();
      await Deno.remove(dataDir, { recursive: true });
    },
  };
}

Deno.test("[api] an inbound message with NUL characters is stored without them", async () => {
  const env = await openPipelineEnv();
  const { db, companyId, connectionId } = env;
  try {
    const pipeline = createInboundPipeline({
      db,
      hub: recordingHub(),
      media: createDiskMediaStore(env.dataDir),
    });
    const who = { number: "5511987650003", lid: null, name: "Jo\u0000ana", isGroup: false };
    const event = (message: IncomingMessage) =>
      pipeline({ type: "message", companyId, connectionId, message });
    await event(env.incoming("NUL1", "Oi\u0000, tudo bem?", { chat: who, sender: who }));
    await event(env.incoming("NUL2", "", {
      chat: who,
      sender: who,
      vcards: ["BEGIN:VCARD\nFN:Ro\u0000berto\nEND:VCARD"],
    }));
    await event(env.incoming("NUL3", "aqui\u0000", {
      chat: who,
      sender: who,
      quotedId: "NUL1\u0000",
      location: { latitude: 1, longitude: 2, name: "Lo\u0000ja" },
    }));
    await pipeline({
      type: "edit",
      companyId,
      connectionId,
      messageId: "NUL3",
      chat: who,
      body: "ali\u0000",
    });
    const rows = await db.query<{ wid: string; body: string; data: unknown; quoted: string }>(sql`
      select wid, body, data, quoted_wid as quoted from messages
      where company_id = ${companyId} order by wid`);
    assert.deepEqual(rows, [
      { wid: "NUL1", body: "Oi, tudo bem?", data: null, quoted: null },
      {
        wid: "NUL2",
        body: "",
        data: { vcards: ["BEGIN:VCARD\nFN:Roberto\nEND:VCARD"] },
        quoted: null,
      },
      {
        wid: "NUL3",
        body: "ali",
        data: { location: { latitude: 1, longitude: 2, name: "Loja" } },
        quoted: "NUL1",
      },
    ]);
    const contact = await db.one<{ name: string }>(sql`
      select name from contacts where company_id = ${companyId}`);
    assert.equal(contact.name, "Joana");
  } finally {
    await env.close();
  }
});

Deno.test("[api] inbound hooks hear each stored customer message once", async (t) => {
  const env = await openPipelineEnv();
  const { db, companyId, connectionId } = env;
  const heard: InboundMessage[] = [];
  const order: string[] = [];
  const log = memoryLog();
  const logged = () => log.entries.map((entry) => entry.details[0] as Record<string, unknown>);
  const hooks: InboundHook[] = [
    {
      name: "listener",
      run: (received) => {
        heard.push(received);
        order.push(`listener:${received.message.wid}`);
      },
    },
    {
      name: "broken",
      run: (received) => {
        order.push(`broken:${received.message.wid}`);
        throw new Error("the chatbot is down");
      },
    },
    { name: "after", run: (received) => void order.push(`after:${received.message.wid}`) },
  ];
  const pipeline = createInboundPipeline({
    db,
    hub: recordingHub(),
    media: createDiskMediaStore(env.dataDir),
    log,
  }, hooks);
  const receive = (message: IncomingMessage) =>
    pipeline({ type: "message", companyId, connectionId, message });
  try {
    await t.step(
      "20 messages of a new customer at once: 20 calls, one opened the ticket",
      async () => {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => receive(env.incoming(`H${i}`, `Oi ${i}`))),
        );
        assert.equal(heard.length, 20);
        assert.deepEqual(new Set(heard.map((r) => r.message.wid)).size, 20);
        assert.equal(heard.filter((r) => r.created).length, 1, "created once per ticket");
        assert.equal(new Set(heard.map((r) => r.ticket.id)).size, 1);
        assert.ok(heard.every((r) => r.companyId === companyId && r.contact.name === "Maria"));
        // What the pipeline answers is what the hooks were given.
        assert.deepEqual(
          answers.map((r) => r?.message.wid).sort(),
          heard.map((r) => r.message.wid).sort(),
        );
      },
    );

    await t.step("a failing hook loses nothing and the next hook still runs", async () => {
      const stored = await db.one<{ n: number }>(sql`
        select count(*)::int as n from messages where company_id = ${companyId}`);
      assert.equal(stored.n, 20);
      for (let i = 0; i < 20; i++) {
        const wid = `H${i}`;
        const calls = order.filter((call) => call.endsWith(`:${wid}`));
        assert.deepEqual(calls, [`listener:${wid}`, `broken:${wid}`, `after:${wid}`]);
      }
      assert.equal(logged().length, 20);
      assert.equal(logged()[0]!.hook, "broken");
      assert.equal(logged()[0]!.companyId, companyId);
      assert.ok(logged()[0]!.ticketId && logged()[0]!.wid && logged()[0]!.error);
    });

    await t.step("a repeated delivery and our own messages call no hook", async () => {
      heard.length = 0;
      assert.equal(await receive(env.incoming("H3", "Oi 3")), undefined);
      const echo = await receive(env.incoming("OURS1", "Olá, em que posso ajudar?", {
        fromMe: true,
      }));
      assert.equal(echo?.message.fromMe, true, "stored, but not the customer's turn");
      assert.equal(heard.length, 0);
    });

    await t.step("the next message of the same ticket is not 'created'", async () => {
      await receive(env.incoming("H100", "Mais uma"));
      assert.deepEqual(heard.map((r) => [r.message.wid, r.created]), [["H100", false]]);
    });

    await t.step("after the ticket is closed, the next message opens one: created", async () => {
      await db.run(sql`update tickets set status = 'closed' where company_id = ${companyId}`);
      heard.length = 0;
      await receive(env.incoming("H200", "Voltei"));
      await receive(env.incoming("H201", "Alguém?"));
      assert.deepEqual(heard.map((r) => [r.message.wid, r.created]), [
        ["H200", true],
        ["H201", false],
      ]);
    });
  } finally {
    await env.close();
  }
});
