/**
 * The outbox after a crash: a message the dead owner had already handed to the phone is
 * recognised by its WhatsApp id on takeover and marked sent once, never sent again nor
 * marked failed.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { openTestDb } from "../../tests/helpers/db.ts";
import { createTestCompany } from "../../tests/helpers/accounts.ts";
import { createConnection } from "../whatsapp/connections.ts";
import { createWhatsappSessions } from "../whatsapp/mod.ts";
import { claimDue, enqueue, markSent, sendDue } from "./mod.ts";
import type { ProviderEvent } from "../whatsapp/provider.ts";
import { nullHub } from "../../lib/realtime/mod.ts";

Deno.test("[whatsapp] a message delivered before the crash is marked sent once on takeover", async () => {
  const testDb = await openTestDb();
  const { db } = testDb;
  const sessions = createWhatsappSessions({
    db,
    hub: nullHub(),
    instanceId: "instance-b",
    sandbox: { deliveredAfterMs: 60_000, readAfterMs: 60_000 },
  });
  const acks: ProviderEvent[] = [];
  sessions.subscribe((event) => void (event.type !== "contact" && acks.push(event)));
  try {
    const companyId = await createTestCompany(db);
    const { id } = await createConnection({ db, hub: nullHub() }, companyId, {
      name: "Sim",
      provider: "sandbox",
    });
    await sessions.start(companyId, id);
    await sessions.sandbox(id, { kind: "pair" });
    const target = { companyId, whatsappId: id };
    const to = { number: "5511999990005" };
    const { outboxId: rowId, wid } = await enqueue(db, {
      companyId,
      connectionId: id,
      to,
      body: "entregue antes da queda",
      origin: "agent",
    });

    // The owner claims the row, hands it to the phone, and dies before marking it.
    const [claimed] = await claimDue(db, "crashed-instance", target);
    assert.equal(claimed?.id, rowId);
    await sessions.localProvider(id)!.send({
      to,
      body: "entregue antes da queda",
      messageId: wid,
    });
    await db.run(sql`update whatsapp_outbox set claimed_until = now() - interval '1 second'
                     where id = ${rowId}`);

    // The new owner takes the row over: the phone has it, so it is sent, not failed.
    assert.equal(await sessions.drainOutbox(id), 1);
    const row = await db.one<{ status: string; providerId: string; error: string | null }>(sql`
      select status, provider_message_id as "providerId", last_error as error
      from whatsapp_outbox where id = ${rowId}`);
    assert.deepEqual(row, { status: "sent", providerId: wid, error: null });
    const copies = await db.one<{ n: number }>(sql`
      select count(*)::int as n from sandbox_messages
      where whatsapp_id = ${id} and message_id = ${wid}`);
    assert.equal(copies.n, 1, "the customer got it once");

    // The dead owner wakes up and tries to mark its old claim: that changes nothing.
    const late = await markSent(db, claimed!, {
      messageId: wid,
      timestamp: new Date(),
    });
    assert.equal(late, false);
    assert.equal(await sessions.drainOutbox(id), 0);
    assert.deepEqual(
      acks.map((event) => event.type === "ack" ? [event.messageId, event.ack] : event.type),
      [[wid, 1]],
      "the pipeline hears it was sent exactly once",
    );
  } finally {
    await sessions.close();
    await testDb.close();
  }
});

Deno.test("[whatsapp] the outbox sends to several chats side by side, each chat in order", async () => {
  const testDb = await openTestDb();
  const { db } = testDb;
  try {
    const companyId = await createTestCompany(db);
    const { id } = await createConnection({ db, hub: nullHub() }, companyId, {
      name: "Sim",
      provider: "sandbox",
    });
    const ana = { number: "5511999990101" };
    const bia = { number: "5511999990202" };
    const queued = [[ana, "A1"], [bia, "B1"], [ana, "A2"], [bia, "B2"], [ana, "A3"]] as const;
    for (const [to, body] of queued) {
      await enqueue(db, { companyId, connectionId: id, to, body, origin: "agent" });
    }
    // Ana's first message hangs at the phone until Bia's two have gone out. Sent one chat
    // after another, Bia's would wait behind it: the guard then fails Ana's send instead of
    // letting the test hang.
    let releaseAna!: () => void;
    const anaHeld = new Promise<void>((resolve) => (releaseAna = resolve));
    let biaDone!: () => void;
    const biaSent = new Promise<void>((resolve) => (biaDone = resolve));
    let guard: ReturnType<typeof setTimeout> | undefined;
    const started: string[] = [];
    const sending = sendDue(db, "instance-a", { companyId, whatsappId: id }, async (payload) => {
      started.push(payload.body);
      if (payload.body === "A1") {
        await Promise.race([
          anaHeld,
          new Promise((_, reject) => {
            guard = setTimeout(() => reject(new Error("chats were sent one by one")), 10_000);
          }),
        ]);
      }
      if (payload.body === "B2") biaDone();
      return { messageId: payload.messageId!, timestamp: new Date() };
    });
    await biaSent;
    assert.deepEqual(started.filter((body) => body.startsWith("A")), ["A1"]);
    releaseAna();
    clearTimeout(guard);
    assert.equal(await sending, 5);
    assert.deepEqual(started.filter((body) => body.startsWith("A")), ["A1", "A2", "A3"]);
    assert.deepEqual(started.filter((body) => body.startsWith("B")), ["B1", "B2"]);
  } finally {
    await testDb.close();
  }
});
