/**
 * The inbound pipeline's guarantees toward what comes after it: no customer message is lost
 * to the text it carries, and the hooks (chatbot, AI, integrations… in later areas) hear each
 * stored customer message exactly once, never a repeat or our own echo, and cannot lose it.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { createInboundPipeline } from "../../services/tickets/inbound.ts";
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
    const pipeline = createInboundPipeline({ db, hub: recordingHub(), dataDir: env.dataDir });
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
