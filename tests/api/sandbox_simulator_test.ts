/**
 * What the simulator page reads of a sandbox connection: the customers played so far and one
 * customer's conversation in both directions, admins only, never another company's; and the
 * "typing…" Balcão shows a simulated customer, pushed to the company's admins.
 */
import { createTestApp } from "../helpers/app.ts";
import assert from "node:assert/strict";
import { loadConfig } from "../../lib/config.ts";
import { loadJwtKey } from "../../services/accounts/secrets.ts";
import { createWhatsappSessions } from "../../services/whatsapp/mod.ts";
import { enqueue } from "../../services/outbox/mod.ts";
import { openTestDb } from "../helpers/db.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import { channels, rooms } from "../../lib/realtime/channels.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { callerFor } from "../helpers/whatsapp.ts";

Deno.test("[api] sandbox simulator: customers and conversations", async (t) => {
  const testDb = await openTestDb();
  const { db } = testDb;
  // The sessions' pushes, recorded (the simulator hears them on the session channel).
  const published: { room: unknown; channel: string; data: { action?: string } }[] = [];
  const hub = {
    instanceId: "sandbox-simulator-test",
    publish(room: unknown, channel: string, data: { action?: string }) {
      published.push({ room, channel, data });
      return Promise.resolve();
    },
  } as unknown as Hub;
  const whatsapp = createWhatsappSessions({
    db,
    hub,
    sandbox: { deliveredAfterMs: 5, readAfterMs: 5 },
  });
  const jwtKey = await loadJwtKey(db);
  const app = createTestApp({
    db,
    config: loadConfig({ DATA_DIR: "./test-data" }),
    jwtKey,
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
    const stranger = await callerFor(
      app,
      jwtKey,
      await createTestUser(db, await createTestCompany(db)),
    );
    const { body: created } = await admin("POST", "/api/whatsapp", {
      name: "Simulador",
      provider: "sandbox",
    });
    const id: number = created.id;
    await admin("POST", `/api/whatsappsession/${id}`);
    await admin("POST", `/api/sandbox/${id}/pair`);

    await t.step("no customer yet", async () => {
      const res = await admin("GET", `/api/sandbox/${id}/customers`);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.customers, []);
    });

    await t.step("both directions, oldest first; customers latest first", async () => {
      const first = await admin("POST", `/api/sandbox/${id}/inbound`, {
        number: "5511900000001",
        name: "Ana",
        body: "Oi",
      });
      await admin("POST", `/api/sandbox/${id}/inbound`, {
        number: "5511900000002",
        body: "Bom dia",
      });
      await enqueue(db, {
        companyId,
        connectionId: id,
        origin: "agent",
        to: { number: "5511900000001" },
        body: "Olá, Ana!",
        quotedId: first.body.id,
      });
      await whatsapp.drainOutbox(id);

      const res = await admin("GET", `/api/sandbox/${id}/conversation?number=5511900000001`);
      assert.equal(res.status, 200);
      const messages = res.body.messages;
      assert.deepEqual(messages.map((m: { direction: string }) => m.direction), ["in", "out"]);
      assert.equal(messages[0].body, "Oi");
      assert.equal(messages[0].name, "Ana");
      assert.equal(messages[1].body, "Olá, Ana!");
      assert.equal(messages[1].quotedId, first.body.id);
      assert.ok(messages[1].ack >= 1);

      const customers = (await admin("GET", `/api/sandbox/${id}/customers`)).body.customers;
      assert.deepEqual(
        customers.map((c: { number: string; name: string }) => [c.number, c.name]),
        [["5511900000001", "Ana"], ["5511900000002", ""]],
      );
      assert.equal(customers[0].lastBody, "Olá, Ana!");
    });

    await t.step("Balcão's typing in a customer's chat reaches this company's admins", async () => {
      const presences = () => published.filter((one) => one.data.action === "presence");
      const to = { number: "5511900000001" };
      assert.equal(await whatsapp.sendPresence(id, to, "composing"), true);
      assert.equal(await whatsapp.sendPresence(id, to, "paused"), true);
      const event = (presence: string) => ({
        room: rooms.user(adminUser.id),
        channel: channels.whatsappSession(companyId),
        data: { action: "presence", connectionId: id, number: "5511900000001", presence },
      });
      // Only the admin: the plain user and the other company's admin hear nothing of it.
      assert.deepEqual(presences(), [event("composing"), event("paused")]);
    });

    await t.step("admins of this company only", async () => {
      for (const path of [`customers`, `conversation?number=5511900000001`]) {
        assert.equal((await plain("GET", `/api/sandbox/${id}/${path}`)).status, 403);
        assert.equal((await stranger("GET", `/api/sandbox/${id}/${path}`)).status, 404);
      }
      const bad = await admin("GET", `/api/sandbox/${id}/conversation?number=abc`);
      assert.equal(bad.status, 400);
    });

    await t.step("a connection that is not a sandbox has no simulator", async () => {
      const beta = await admin("POST", "/api/whatsapp", { name: "Telefone", provider: "beta" });
      const res = await admin("GET", `/api/sandbox/${beta.body.id}/customers`);
      assert.equal(res.status, 400);
      assert.equal(res.body.error, "ERR_NOT_SANDBOX_CONNECTION");
    });
  } finally {
    await whatsapp.close();
    await testDb.close();
  }
});
