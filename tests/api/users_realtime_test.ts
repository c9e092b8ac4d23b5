/** The users API announces its changes on `company-{id}-user`, through the real hub and sockets. */
import assert from "node:assert/strict";
import { delay, TestClient } from "../helpers/ws.ts";
import { openServedApp } from "../helpers/served_app.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { call, createTestQueue, tokenFor } from "../helpers/users.ts";

Deno.test("[api] user changes reach the company's sockets, and only them", async () => {
  const served = await openServedApp();
  const { db, jwtKey, app } = served;
  const clients: TestClient[] = [];
  try {
    const companyId = await createTestCompany(db);
    const otherCompanyId = await createTestCompany(db);
    const admin = await createTestUser(db, companyId);
    const agent = await createTestUser(db, companyId, { profile: "user" });
    const outsider = await createTestUser(db, otherCompanyId);
    const adminToken = await tokenFor(db, jwtKey, admin);
    const queue = await createTestQueue(db, companyId);
    const connect = async (token: string) => {
      const client = await TestClient.connect(`${served.wsUrl}?token=${token}`);
      clients.push(client);
      return client;
    };
    const colleague = await connect(await tokenFor(db, jwtKey, agent));
    const stranger = await connect(await tokenFor(db, jwtKey, outsider));
    const channel = `company-${companyId}-user`;

    const created = await call(app, "POST", "/api/users", adminToken, {
      name: "Nova Pessoa",
      email: "nova.pessoa@example.com",
      password: "12345",
      queueIds: [queue.id],
    });
    assert.equal(created.status, 201);
    const onCreate = await colleague.next(channel);
    const { id, name, profile, online, queues } = created.body;
    assert.deepEqual(onCreate.data, {
      action: "create",
      user: { id, name, profile, online, queues },
    }, "the colleague view: every socket of the company hears it, so no e-mail");

    const updated = await call(app, "PUT", `/api/users/${created.body.id}`, adminToken, {
      name: "Pessoa Renomeada",
    });
    const onUpdate = await colleague.next(channel);
    assert.deepEqual(onUpdate.data, {
      action: "update",
      user: { id, name: updated.body.name, profile, online, queues },
    });

    await call(app, "DELETE", `/api/users/${created.body.id}`, adminToken);
    const onDelete = await colleague.next(channel);
    assert.deepEqual(onDelete.data, { action: "delete", userId: created.body.id });

    await delay(100);
    assert.equal(
      stranger.received.filter((m) => m.channel !== "ready").length,
      0,
      "another company hears nothing",
    );
  } finally {
    await Promise.all(clients.map((client) => client.close()));
    await served.close();
  }
});
