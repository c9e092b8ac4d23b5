/** Contact changes reach the company's sockets through a real hub, and only that company's. */
import assert from "node:assert/strict";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { callerFor } from "../helpers/contacts_api.ts";
import { openServedApp } from "../helpers/served_app.ts";
import { delay, TestClient } from "../helpers/ws.ts";

Deno.test("[api] contact events over realtime", async () => {
  const served = await openServedApp();
  const { db, app, jwtKey } = served;
  const sockets: TestClient[] = [];
  try {
    const companyA = await createTestCompany(db);
    const companyB = await createTestCompany(db);
    const adminA = await callerFor(app, jwtKey, await createTestUser(db, companyA), "admin");
    const agentA = await callerFor(
      app,
      jwtKey,
      await createTestUser(db, companyA, { profile: "user" }),
      "user",
    );
    const adminB = await callerFor(app, jwtKey, await createTestUser(db, companyB), "admin");
    const socketA = await TestClient.connect(`${served.wsUrl}?token=${agentA.token}`);
    const socketB = await TestClient.connect(`${served.wsUrl}?token=${adminB.token}`);
    sockets.push(socketA, socketB);
    const channel = `company-${companyA}-contact`;

    const created = await (await adminA.json("POST", "/api/contacts", {
      name: "Ana",
      number: "11987654321",
      extraInfo: [{ name: "CPF", value: "1" }],
    })).json();
    const onCreate = (await socketA.next(channel)).data as { action: string; contact: unknown };
    assert.equal(onCreate.action, "create");
    assert.deepEqual(onCreate.contact, created);

    const updated = await (await adminA.json("PUT", `/api/contacts/${created.id}`, {
      name: "Ana Souza",
    })).json();
    assert.deepEqual((await socketA.next(channel)).data, { action: "update", contact: updated });

    await adminA.upload(
      "/api/contacts/import",
      new File(["Nome;Número\nBia;21 3333-4444\nCaio;11 95555-5555\n"], "c.csv"),
    );
    assert.deepEqual((await socketA.next(channel)).data, { action: "reload", created: 2 });

    await adminA.json("DELETE", `/api/contacts/${created.id}`);
    assert.deepEqual((await socketA.next(channel)).data, {
      action: "delete",
      contactId: created.id,
    });

    // B's own change reaches B, which proves B's socket was listening all along.
    await adminB.json("POST", "/api/contacts", { name: "Zé", number: "11911111111" });
    await socketB.next(`company-${companyB}-contact`);
    await delay(50);
    assert.equal(socketB.count(channel), 0, "company B heard nothing of A's contacts");
    assert.equal(socketA.count(`company-${companyB}-contact`), 0);
  } finally {
    await Promise.all(sockets.map((s) => s.close()));
    await served.close();
  }
});
