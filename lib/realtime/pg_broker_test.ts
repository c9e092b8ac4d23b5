/**
 * Fan-out between instances. On a Postgres server each hub has its own connection pool
 * (`openAnother()`), as two processes would; on the embedded database the two hubs share
 * the one Db, which still sends every event through LISTEN/NOTIFY.
 */
import assert from "node:assert/strict";
import { onServer, openTestDb, type TestDb } from "../../tests/helpers/db.ts";
import { delay, serveOnFreePort, TestClient } from "../../tests/helpers/ws.ts";
import { type Db, sql } from "../db/mod.ts";
import { createHub, type Hub } from "./hub.ts";
import { PgBroker } from "./pg_broker.ts";
import type { Envelope, Principal } from "./types.ts";

function secondDb(testDb: TestDb): Db {
  return onServer ? testDb.openAnother() : testDb.db;
}

const authenticate = (request: Request): Promise<Principal | null> => {
  const user = Number(new URL(request.url).searchParams.get("user"));
  return Promise.resolve(user ? { userId: user, companyId: 1 } : null);
};
const authorizeJoin = () => Promise.resolve(["company-1-open"]);

async function collect(broker: PgBroker): Promise<{ seen: Envelope[]; stop: () => void }> {
  const seen: Envelope[] = [];
  const stop = broker.subscribe((envelope) => seen.push(envelope));
  return await Promise.resolve({ seen, stop });
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 3000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await delay(10);
  }
}

Deno.test("realtime broker - envelopes cross instances, large ones through the table", async (t) => {
  const testDb = await openTestDb();
  const dbA = testDb.db;
  const dbB = secondDb(testDb);
  try {
    await t.step("a broker skips its own envelopes and receives the others'", async () => {
      const a = await PgBroker.create({ db: dbA, instanceId: "a" });
      const b = await PgBroker.create({ db: dbB, instanceId: "b" });
      const onA = await collect(a);
      const onB = await collect(b);
      await a.publish({ origin: "a", room: "r", channel: "c", data: { n: 1 } });
      await until(() => onB.seen.length === 1, "b to receive");
      await delay(50);
      assert.deepEqual(onB.seen, [{ origin: "a", room: "r", channel: "c", data: { n: 1 } }]);
      assert.equal(onA.seen.length, 0);
      await a.close();
      await b.close();
    });

    await t.step("an envelope over 8000 bytes is stored and loaded by id", async () => {
      const a = await PgBroker.create({ db: dbA, instanceId: "a" });
      const b = await PgBroker.create({ db: dbB, instanceId: "b" });
      const onB = await collect(b);
      const big = { text: "ç".repeat(6000), list: Array.from({ length: 200 }, (_, i) => i) };
      await a.publish({ origin: "a", room: "r", channel: "big", data: big });
      await a.publish({ origin: "a", room: "r", channel: "small", data: 1 });
      await until(() => onB.seen.length === 2, "both events");
      assert.deepEqual(onB.seen.map((e) => e.channel), ["big", "small"], "order is kept");
      assert.deepEqual(onB.seen[0]!.data, big);
      const stored = await dbA.one<{ n: number }>(sql`select count(*) as n from realtime_payloads`);
      assert.equal(stored.n, 1);
      await a.close();
      await b.close();
    });

    await t.step("stored payloads older than the retention are pruned", async () => {
      await dbA.run(
        sql`insert into realtime_payloads (payload, created_at) values ('{}', now() - interval '10 minutes')`,
      );
      const a = await PgBroker.create({ db: dbA, instanceId: "a", retentionMs: 60_000 });
      await a.publish({ origin: "a", room: "r", channel: "big", data: "x".repeat(9000) });
      const old = await dbA.one<{ n: number }>(
        sql`select count(*) as n from realtime_payloads where created_at < now() - interval '1 minute'`,
      );
      assert.equal(old.n, 0);
      await a.close();
    });

    await t.step(
      "an event published on hub A reaches sockets on A and B exactly once",
      async () => {
        const hubA = await createHub({ db: dbA, authenticate, authorizeJoin, instanceId: "A" });
        const hubB = await createHub({ db: dbB, authenticate, authorizeJoin, instanceId: "B" });
        const serverA = serveOnFreePort((request) => hubA.upgrade(request));
        const serverB = serveOnFreePort((request) => hubB.upgrade(request));
        try {
          const onA = await TestClient.connect(`${serverA.wsUrl}?user=1`);
          const onB = await TestClient.connect(`${serverB.wsUrl}?user=2`);
          for (const client of [onA, onB]) {
            client.send({ event: "joinTickets", data: "open" });
            await client.next("joined");
          }
          await publishAndCheck(hubA, [onA, onB], { id: 1 });
          await publishAndCheck(hubB, [onA, onB], { id: 2, big: "x".repeat(9000) });
          await onA.close();
          await onB.close();
        } finally {
          await hubA.close();
          await hubB.close();
          await serverA.close();
          await serverB.close();
        }
      },
    );
  } finally {
    await testDb.close();
  }
});

async function publishAndCheck(hub: Hub, clients: TestClient[], data: Record<string, unknown>) {
  await hub.publish("company-1-open", "company-1-ticket", { action: "update", ...data });
  for (const client of clients) {
    const event = await client.next("company-1-ticket");
    assert.deepEqual(event.data, { action: "update", ...data });
  }
  // Long enough for a duplicate through NOTIFY to have arrived.
  await delay(150);
  for (const client of clients) {
    assert.equal(client.count("company-1-ticket"), data.id, "exactly once on each instance");
  }
}
