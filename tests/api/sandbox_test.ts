/**
 * The sandbox phone end to end through the API: start → QR pushed to admins only → pair →
 * CONNECTED → a customer's messages (text, media, location, contact card, quote) come out of
 * the provider interface → an agent's reply goes through the outbox and its acks move
 * 1 → 3 → 4 → a restart reconnects without a QR → disconnect forgets the pairing.
 */
import { createTestApp } from "../helpers/app.ts";
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { loadConfig } from "../../lib/config.ts";
import { loadJwtKey } from "../../services/accounts/secrets.ts";
import { createWhatsappSessions } from "../../services/whatsapp/mod.ts";
import { enqueue } from "../../services/outbox/mod.ts";
import type { ProviderEvent } from "../../services/whatsapp/provider.ts";
import { openTestDb } from "../helpers/db.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { accessTokenFor, callerFor } from "../helpers/whatsapp.ts";
import { recordingHub, waitFor } from "../helpers/ticket_env.ts";

Deno.test("[api] sandbox phone: pair, inbound, outbound with acks", async (t) => {
  const testDb = await openTestDb();
  const { db } = testDb;
  const hub = recordingHub();
  const whatsapp = createWhatsappSessions({
    db,
    hub,
    // Later than the outbox needs to record the send: the test expects to see ack 1 first.
    sandbox: { deliveredAfterMs: 40, readAfterMs: 60 },
    // An instance without Baileys (and no test may reach WhatsApp's servers).
    providers: { beta: undefined },
  });
  const events: ProviderEvent[] = [];
  whatsapp.subscribe((event) => void events.push(event));
  const jwtKey = await loadJwtKey(db);
  const app = createTestApp({
    db,
    config: loadConfig({ DATA_DIR: "./test-data" }),
    jwtKey,
    hub,
    whatsapp,
  });
  try {
    const companyId = await createTestCompany(db);
    const adminUser = await createTestUser(db, companyId);
    const admin = await callerFor(app, jwtKey, adminUser);
    const plain = await callerFor(
      app,
      jwtKey,
      await createTestUser(db, companyId, { profile: "user" }),
      "user",
    );
    const created = await admin("POST", "/api/whatsapp", { name: "Sandbox", provider: "sandbox" });
    const id: number = created.body.id;

    await t.step("the sandbox API is for admins only", async () => {
      for (
        const [method, path] of [
          ["POST", `/api/sandbox/${id}/pair`],
          ["POST", `/api/sandbox/${id}/inbound`],
          ["GET", `/api/sandbox/${id}/outbound?number=5511999990001`],
        ]
      ) {
        assert.equal((await plain(method!, path!, { number: "5511999990001" })).status, 403);
      }
    });

    await t.step("a provider that is not installed cannot start", async () => {
      const beta = await admin("POST", "/api/whatsapp", { name: "Phone", provider: "beta" });
      const res = await admin("POST", `/api/whatsappsession/${beta.body.id}`);
      assert.equal(res.status, 409);
      assert.equal(res.body.error, "ERR_WAPP_NOT_INITIALIZED");
      await admin("DELETE", `/api/whatsapp/${beta.body.id}`);
    });

    await t.step("before the session starts, pairing is refused", async () => {
      const res = await admin("POST", `/api/sandbox/${id}/pair`);
      assert.equal(res.status, 409);
      assert.equal(res.body.error, "ERR_WAPP_NOT_INITIALIZED");
    });

    await t.step("start shows a QR, pushed only to admins' rooms", async () => {
      hub.sent.length = 0;
      assert.equal((await admin("POST", `/api/whatsappsession/${id}`)).status, 200);
      const row = (await admin("GET", `/api/whatsapp/${id}`)).body;
      assert.equal(row.status, "qrcode");
      assert.match(row.qrcode, /^balcao-sandbox:/);
      const sessionPushes = hub.sent.filter((m) =>
        m.channel === `company-${companyId}-whatsappSession`
      );
      assert.deepEqual(
        sessionPushes.map((m) => m.data.session.status),
        ["OPENING", "qrcode"],
      );
      assert.ok(sessionPushes.every((m) => m.room === `user-${adminUser.id}`));
      assert.equal(sessionPushes.at(-1)!.data.session.qrcode, row.qrcode);
      const companyPushes = hub.sent.filter((m) => m.room === `company-${companyId}`);
      assert.ok(companyPushes.length > 0);
      assert.ok(
        companyPushes.every((m) => m.data.whatsapp.qrcode === "" && !m.data.whatsapp.token),
      );
    });

    await t.step("pairing (the simulated scan) connects and clears the QR", async () => {
      assert.equal((await admin("POST", `/api/sandbox/${id}/pair`)).status, 200);
      const row = (await admin("GET", `/api/whatsapp/${id}`)).body;
      assert.equal(row.status, "CONNECTED");
      assert.equal(row.qrcode, "");
      const last = hub.sent.filter((m) => m.channel.endsWith("whatsappSession")).at(-1)!;
      assert.equal(last.data.session.qrcode, "", "an empty QR closes the dialog");
    });

    let firstId = "";
    await t.step("a customer's messages come out of the provider interface", async () => {
      const text = await admin("POST", `/api/sandbox/${id}/inbound`, {
        number: "5511999990001",
        name: "Maria",
        body: "Olá!",
      });
      assert.equal(text.status, 201);
      firstId = text.body.id;
      const located = await admin("POST", `/api/sandbox/${id}/inbound`, {
        number: "5511999990001",
        name: "Maria",
        quotedId: firstId,
        location: { latitude: -23.5, longitude: -46.6, name: "Praça" },
      });
      await admin("POST", `/api/sandbox/${id}/inbound`, {
        number: "5511999990001",
        vcard: "BEGIN:VCARD\nFN:João\nTEL:+5511988887777\nEND:VCARD",
      });
      const form = new FormData();
      form.set("number", "5511999990001");
      form.set("body", "see attached");
      form.set(
        "medias",
        new File([new Uint8Array([1, 2, 3])], "my photo.png", { type: "image/png" }),
      );
      const media = await app.request(`/api/sandbox/${id}/inbound`, {
        method: "POST",
        headers: { Authorization: `Bearer ${await accessTokenFor(jwtKey, adminUser)}` },
        body: form,
      });
      assert.equal(media.status, 201);

      const messages = events.filter((e) => e.type === "message").map((e) =>
        e.type === "message" ? e.message : undefined!
      );
      assert.equal(messages.length, 4);
      assert.ok(messages.every((m) => m.chat.number === "5511999990001" && !m.fromMe));
      assert.equal(messages[0]!.body, "Olá!");
      assert.equal(messages[0]!.chat.name, "Maria");
      assert.equal(messages[1]!.messageId, located.body.id);
      assert.equal(messages[1]!.quotedId, firstId);
      assert.deepEqual(messages[1]!.location, { latitude: -23.5, longitude: -46.6, name: "Praça" });
      assert.match(messages[2]!.vcards![0]!, /FN:João/);
      assert.equal(messages[3]!.media!.kind, "image");
      assert.equal(messages[3]!.media!.fileName, "my_photo.png");
      assert.equal(messages[3]!.media!.size, 3);
      assert.deepEqual([...await messages[3]!.media!.fetch()], [1, 2, 3]);
      assert.ok(events.every((e) => e.companyId === companyId && e.connectionId === id));
    });

    await t.step("an agent's reply goes out through the outbox; acks move 1 → 3 → 4", async () => {
      const { outboxId: rowId } = await enqueue(db, {
        companyId,
        connectionId: id,
        origin: "agent",
        to: { number: "5511999990001" },
        body: "Como posso ajudar?",
        quotedId: firstId,
      });
      assert.equal(await whatsapp.drainOutbox(id), 1);
      const sent = await db.one<{ status: string; providerId: string }>(sql`
        select status, provider_message_id as "providerId" from whatsapp_outbox where id = ${rowId}`);
      assert.equal(sent.status, "sent");
      const outbound = await admin("GET", `/api/sandbox/${id}/outbound?number=5511999990001`);
      assert.equal(outbound.body.messages.length, 1);
      assert.equal(outbound.body.messages[0].id, sent.providerId);
      assert.equal(outbound.body.messages[0].body, "Como posso ajudar?");
      assert.equal(outbound.body.messages[0].quotedId, firstId);
      const read = await waitFor(async () => {
        const res = await admin("GET", `/api/sandbox/${id}/outbound?number=5511999990001`);
        return res.body.messages[0].ack === 4 ? res : undefined;
      }, "ack 4");
      assert.equal(read.body.messages[0].ack, 4);
      const acks = events.filter((e) => e.type === "ack").map((e) => e.type === "ack" ? e.ack : 0);
      // 1 from the outbox once the provider took it, then the phone's 3 and 4.
      assert.deepEqual(acks, [1, 3, 4]);
    });

    await t.step("a restart reconnects without a new QR", async () => {
      await whatsapp.close();
      const again = createWhatsappSessions({
        db,
        hub,
        sandbox: { deliveredAfterMs: 5, readAfterMs: 5 },
      });
      try {
        await again.tick();
        const row = await db.one<{ status: string; qrcode: string }>(
          sql`select status, qrcode from whatsapps where id = ${id}`,
        );
        assert.deepEqual(row, { status: "CONNECTED", qrcode: "" });
        await again.disconnect(companyId, id);
        const after = await db.one<{ status: string; wanted: boolean; auth: number }>(sql`
          select status, session_wanted as wanted,
                 (select count(*)::int from whatsapp_auth where whatsapp_id = ${id}) as auth
          from whatsapps where id = ${id}`);
        assert.deepEqual(after, { status: "DISCONNECTED", wanted: false, auth: 0 });
      } finally {
        await again.close();
      }
    });
  } finally {
    await whatsapp.close();
    await testDb.close();
  }
});
