/** `/ws` as mounted by `createApp`: the app's middleware must leave the upgrade working. */
import assert from "node:assert/strict";
import { createApp } from "../../main.ts";
import { loadConfig } from "../config.ts";
import { openTestDb } from "../../tests/helpers/db.ts";
import { okTokenAuth, serveOnFreePort, TestClient } from "../../tests/helpers/ws.ts";
import { createHub } from "./hub.ts";
import { testJwtKey } from "../../tests/helpers/app.ts";

Deno.test("realtime route - the app serves /ws through the hub", async () => {
  const testDb = await openTestDb();
  const hub = await createHub({
    db: testDb.db,
    authenticate: okTokenAuth,
    authorizeJoin: () => Promise.resolve(null),
  });
  const app = createApp({ db: testDb.db, config: loadConfig({}), hub, jwtKey: testJwtKey() });
  const server = serveOnFreePort(app.fetch);
  try {
    const refused = await app.request("/ws", { headers: { upgrade: "websocket" } });
    assert.equal(refused.status, 401);
    assert.deepEqual(await refused.json(), { error: "ERR_SESSION_EXPIRED" });

    const client = await TestClient.connect(`${server.wsUrl}?token=ok`);
    assert.deepEqual(hub.roomsOfUser(1), [["company-1", "everyone", "user-1"]]);
    await hub.publish("company-1", "company-1-contact", { action: "update" });
    assert.deepEqual((await client.next("company-1-contact")).data, { action: "update" });
    client.send({ event: "joinTickets", data: "open" });
    assert.equal(
      ((await client.next("error")).data as { error: string }).error,
      "ERR_FORBIDDEN_JOIN",
    );
    await client.close();
  } finally {
    await hub.close();
    await server.close();
    await testDb.close();
  }
});
