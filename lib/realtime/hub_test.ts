/**
 * The hub end to end on one instance: a real `Deno.serve` on port 0, real WebSocket
 * clients, the Postgres broker on the test database. One database per module (opening one
 * is the slow part); each step starts and closes its own hub and server.
 */
import assert from "node:assert/strict";
import { openTestDb } from "../../tests/helpers/db.ts";
import { delay, serveOnFreePort, TestClient } from "../../tests/helpers/ws.ts";
import type { Db } from "../db/mod.ts";
import {
  CLOSE_PING_TIMEOUT,
  CLOSE_SESSION_EXPIRED,
  createHub,
  type Hub,
  type HubOptions,
} from "./hub.ts";
import { LocalBroker } from "./local_broker.ts";
import type { AuthorizeJoin, Broker, Principal } from "./types.ts";

/**
 * `?token=u2c1` signs in user 2 of company 1; `u2c1x150` one whose credential expires in
 * 150 ms; anything else is refused.
 */
function authenticate(request: Request): Promise<Principal | null> {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const match = /^u(\d+)c(\d+)(?:x(\d+))?$/.exec(token);
  if (!match) return Promise.resolve(null);
  const principal: Principal = { userId: Number(match[1]), companyId: Number(match[2]) };
  if (match[3]) principal.expiresAt = Date.now() + Number(match[3]);
  return Promise.resolve(principal);
}

/** Open tickets and chat box 7 are allowed; closed tickets and other chat boxes are not. */
const authorizeJoin: AuthorizeJoin = (principal, event, data) => {
  const c = principal.companyId;
  if (event === "joinTickets" && data === "open") return Promise.resolve([`company-${c}-open`]);
  if (event === "joinChatBox" && data === 7) return Promise.resolve([`company-${c}-ticket-7`]);
  if (event === "joinNotification") return Promise.resolve([`company-${c}-notification`]);
  return Promise.resolve(null);
};

async function withHub(
  db: Db,
  fn: (hub: Hub, url: (token?: string) => string) => Promise<void>,
  options: Partial<HubOptions> = {},
): Promise<void> {
  const hub = await createHub({ db, authenticate, authorizeJoin, ...options });
  const server = serveOnFreePort((request) => hub.upgrade(request));
  try {
    await fn(hub, (token) => token ? `${server.wsUrl}?token=${token}` : server.wsUrl);
  } finally {
    await hub.close();
    await server.close();
  }
}

Deno.test("realtime hub - sockets, rooms and events on one instance", async (t) => {
  const testDb = await openTestDb();
  const { db } = testDb;
  try {
    await t.step("an upgrade without a principal is refused with 401", async () => {
      await withHub(db, async (hub, url) => {
        const refused = await hub.upgrade(
          new Request("http://x/ws", { headers: { upgrade: "websocket" } }),
        );
        assert.equal(refused.status, 401);
        assert.deepEqual(await refused.json(), { error: "ERR_SESSION_EXPIRED" });
        const plain = await hub.upgrade(new Request("http://x/ws?token=u1c1"));
        assert.equal(plain.status, 426);
        await plain.body?.cancel();

        const socket = new WebSocket(url("nobody"));
        const outcome = await new Promise<string>((resolve) => {
          socket.onopen = () => resolve("open");
          socket.onerror = () => resolve("error");
        });
        if (socket.readyState !== WebSocket.CLOSED) {
          await new Promise((resolve) => (socket.onclose = resolve));
        }
        assert.equal(outcome, "error");
        assert.equal(hub.stats().sockets, 0);
      });
    });

    await t.step("a socket is put in its company and user rooms", async () => {
      await withHub(db, async (hub, url) => {
        const client = await TestClient.connect(url("u2c1"));
        assert.deepEqual(hub.roomsOfUser(2), [["company-1", "everyone", "user-2"]]);
        await hub.publish("user-2", "company-1-notification", { n: 1 });
        await hub.publish("company-1", "company-1-contact", { n: 2 });
        await hub.publish("company-9", "company-9-contact", { n: 3 });
        assert.deepEqual((await client.next("company-1-notification")).data, { n: 1 });
        assert.deepEqual((await client.next("company-1-contact")).data, { n: 2 });
        await delay(100);
        assert.equal(client.count("company-9-contact"), 0, "another company's event never arrives");
        await client.close();
      });
    });

    await t.step("one publish to several rooms reaches each socket in them once", async () => {
      await withHub(db, async (hub, url) => {
        const two = await TestClient.connect(url("u2c1"));
        const three = await TestClient.connect(url("u3c1"));
        const four = await TestClient.connect(url("u4c1"));
        // User 2 is in two of the rooms (company-1 and user-2): one copy only.
        await hub.publish(["user-2", "user-3", "company-1"], "company-1-ticket", { n: 1 });
        await hub.publish(["user-3"], "company-1-ticket", { n: 2 });
        await hub.publish([], "company-1-ticket", { n: 3 });
        assert.deepEqual((await three.next("company-1-ticket")).data, { n: 1 });
        assert.deepEqual((await three.next("company-1-ticket")).data, { n: 2 });
        await delay(100);
        assert.equal(two.count("company-1-ticket"), 1);
        assert.equal(four.count("company-1-ticket"), 1, "in company-1, so reached once");
        await hub.publish(["user-2", "user-3"], "company-1-ticket", { n: 4 });
        await delay(100);
        assert.equal(four.count("company-1-ticket"), 1, "user 4 is in neither room");
        assert.equal(two.count("company-1-ticket"), 2);
        for (const client of [two, three, four]) await client.close();
      });
    });

    await t.step(
      "an authorised join receives the room's events; a forbidden one nothing",
      async () => {
        await withHub(db, async (hub, url) => {
          const client = await TestClient.connect(url("u2c1"));
          client.send({ event: "joinTickets", data: "open" });
          assert.deepEqual((await client.next("joined")).data, {
            event: "joinTickets",
            data: "open",
          });
          client.send({ event: "joinTickets", data: "closed" });
          const refused = await client.next("error");
          assert.equal((refused.data as { error: string }).error, "ERR_FORBIDDEN_JOIN");
          assert.deepEqual(hub.roomsOfUser(2), [[
            "company-1",
            "company-1-open",
            "everyone",
            "user-2",
          ]]);

          await hub.publish("company-1-open", "company-1-ticket", { action: "update", id: 1 });
          await hub.publish("company-1-closed", "company-1-ticket", { action: "update", id: 2 });
          const event = await client.next("company-1-ticket");
          assert.deepEqual(event.data, { action: "update", id: 1 });
          await delay(100);
          assert.equal(client.count("company-1-ticket"), 1);
          await client.close();
        });
      },
    );

    await t.step("a leave undoes its join and only its join", async () => {
      await withHub(db, async (hub, url) => {
        const client = await TestClient.connect(url("u3c1"));
        client.send({ event: "joinChatBox", data: 7 });
        client.send({ event: "joinChatBox", data: 7 });
        await client.next("joined");
        await client.next("joined");
        client.send({ event: "leaveChatBox", data: 7 });
        await client.next("left");
        assert.ok(hub.roomsOfUser(3)[0]!.includes("company-1-ticket-7"), "one join still holds it");
        client.send({ event: "leaveChatBox", data: 7 });
        await client.next("left");
        assert.deepEqual(hub.roomsOfUser(3), [["company-1", "everyone", "user-3"]]);
        await client.close();
      });
    });

    await t.step(
      "malformed and unknown messages get an error and the socket stays open",
      async () => {
        await withHub(db, async (_hub, url) => {
          const client = await TestClient.connect(url("u2c1"));
          const cases: Array<[unknown, string]> = [
            ["{not json", "ERR_MALFORMED_MESSAGE"],
            ['{"data":1}', "ERR_MALFORMED_MESSAGE"],
            [{ event: "dance" }, "ERR_UNKNOWN_EVENT"],
            [{ event: "userStatus", data: "x".repeat(20_000) }, "ERR_MESSAGE_TOO_LARGE"],
          ];
          for (const [message, code] of cases) {
            client.send(message);
            const reply = await client.next("error");
            assert.equal((reply.data as { error: string }).error, code);
          }
          client.socket.send(new Uint8Array([1, 2, 3]));
          assert.equal(
            ((await client.next("error")).data as { error: string }).error,
            "ERR_BINARY_UNSUPPORTED",
          );
          client.send({ event: "joinNotification" });
          await client.next("joined");
          await client.close();
        });
      },
    );

    await t.step("userStatus reaches the onEvent hook with the server's principal", async () => {
      const seen: unknown[] = [];
      await withHub(db, async (_hub, url) => {
        const client = await TestClient.connect(url("u5c2"));
        client.send({ event: "userStatus", data: { userId: 99, companyId: 1 } });
        client.send({ event: "joinNotification" });
        await client.next("joined");
        await client.close();
      }, { onEvent: (principal, event, data) => void seen.push({ principal, event, data }) });
      assert.deepEqual(seen, [{
        principal: { userId: 5, companyId: 2 },
        event: "userStatus",
        data: { userId: 99, companyId: 1 },
      }]);
    });

    await t.step("closing a socket cleans its rooms", async () => {
      await withHub(db, async (hub, url) => {
        const a = await TestClient.connect(url("u2c1"));
        const b = await TestClient.connect(url("u3c1"));
        a.send({ event: "joinTickets", data: "open" });
        await a.next("joined");
        assert.deepEqual(hub.stats(), { sockets: 2, rooms: 5 });
        await a.close();
        await waitFor(() => hub.stats().sockets === 1);
        assert.deepEqual(hub.stats(), { sockets: 1, rooms: 3 });
        await b.close();
        await waitFor(() => hub.stats().sockets === 0);
        assert.deepEqual(hub.stats(), { sockets: 0, rooms: 0 });
      });
    });

    await t.step("pings arrive and a silent socket is closed after two intervals", async () => {
      await withHub(db, async (_hub, url) => {
        const answering = await TestClient.connect(url("u2c1"));
        const silent = await TestClient.connect(url("u3c1"));
        const answer = (event: MessageEvent) => {
          if (JSON.parse(String(event.data)).channel === "ping") answering.send({ event: "pong" });
        };
        answering.socket.addEventListener("message", answer);
        const ping = await silent.next("ping");
        assert.equal(typeof (ping.data as { at: number }).at, "number");
        const closed = await silent.closed;
        assert.equal(closed.code, CLOSE_PING_TIMEOUT);
        assert.equal(answering.socket.readyState, WebSocket.OPEN, "an answering socket stays");
        assert.ok(answering.count("ping") >= 2);
        await answering.close();
      }, { pingIntervalMs: 60 });
    });

    await t.step("a socket closes as session expired when its credential does", async () => {
      await withHub(db, async (hub, url) => {
        const expiring = await TestClient.connect(url("u2c1x150"));
        const lasting = await TestClient.connect(url("u3c1"));
        assert.equal((await expiring.closed).code, CLOSE_SESSION_EXPIRED);
        await waitFor(() => hub.stats().sockets === 1);
        assert.equal(lasting.socket.readyState, WebSocket.OPEN);
        await lasting.close();
      });
    });

    await t.step("revalidate closes the refused sockets it names, on every instance", async () => {
      const refusedUsers = new Set([2]);
      const refusedCompanies = new Set<number>();
      const revalidate = (principal: Principal) =>
        Promise.resolve(
          !refusedUsers.has(principal.userId) && !refusedCompanies.has(principal.companyId),
        );
      await withHub(db, async (here) => {
        await withHub(db, async (_there, url) => {
          const two = await TestClient.connect(url("u2c1"));
          const three = await TestClient.connect(url("u3c1"));
          const four = await TestClient.connect(url("u4c3"));
          await here.revalidate({ userId: 2 });
          assert.equal((await two.closed).code, CLOSE_SESSION_EXPIRED);
          await here.revalidate({ userId: 3 }); // still valid: stays
          refusedCompanies.add(3);
          await here.revalidate({ companyId: 3 });
          assert.equal((await four.closed).code, CLOSE_SESSION_EXPIRED);
          // Control messages are handled in order: user 3's check is long done by now.
          assert.equal(three.socket.readyState, WebSocket.OPEN);
          await here.publish("user-3", "company-1-auth", { n: 1 });
          assert.deepEqual((await three.next("company-1-auth")).data, { n: 1 });
          await three.close();
        }, { revalidate });
      }, { revalidate });
    });

    await t.step("without a revalidate callback, the sockets named are closed", async () => {
      await withHub(db, async (hub, url) => {
        const two = await TestClient.connect(url("u2c1"));
        const three = await TestClient.connect(url("u3c1"));
        await hub.revalidate({ userId: 2 });
        assert.equal((await two.closed).code, CLOSE_SESSION_EXPIRED);
        assert.equal(three.socket.readyState, WebSocket.OPEN);
        await three.close();
      });
    });

    await t.step(
      "revalidate still closes here when the broker fails, and never throws",
      async () => {
        const failing: Broker = {
          publish: () => Promise.reject(new Error("broker down")),
          subscribe: () => () => {},
          close: () => Promise.resolve(),
        };
        const logged: unknown[] = [];
        const realError = console.error;
        console.error = (...args: unknown[]) => void logged.push(args);
        try {
          await withHub(db, async (hub, url) => {
            const two = await TestClient.connect(url("u2c1"));
            await hub.revalidate({ userId: 2 });
            assert.equal((await two.closed).code, CLOSE_SESSION_EXPIRED);
          }, { broker: failing });
        } finally {
          console.error = realError;
        }
        assert.equal(logged.length, 1);
      },
    );

    await t.step("hub.close() closes open sockets", async () => {
      const hub = await createHub({ db, authenticate, authorizeJoin });
      const server = serveOnFreePort((request) => hub.upgrade(request));
      const client = await TestClient.connect(`${server.wsUrl}?token=u2c1`);
      await hub.close();
      assert.equal((await client.closed).code, 1001);
      const late = await hub.upgrade(
        new Request("http://x/ws", { headers: { upgrade: "websocket" } }),
      );
      assert.equal(late.status, 503);
      await late.body?.cancel();
      await server.close();
    });
  } finally {
    await testDb.close();
  }
});

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("The condition did not become true in time.");
    await delay(10);
  }
}

Deno.test("realtime hub - a socket checked while the hub shuts down is not upgraded", async () => {
  let release!: () => void;
  const checked = new Promise<void>((resolve) => (release = resolve));
  const hub = await createHub({
    broker: new LocalBroker(),
    // The caller's check is still running when the hub closes.
    authenticate: async () => {
      await checked;
      return { userId: 1, companyId: 1 };
    },
    authorizeJoin,
  });
  const request = new Request("http://localhost/ws", { headers: { upgrade: "websocket" } });
  const answer = hub.upgrade(request);
  await hub.close();
  release();
  const response = await answer;
  // An upgrade now would leave a socket nothing closes, holding the server's shutdown.
  assert.equal(response.status, 503);
  assert.deepEqual(await response.json(), { error: "ERR_SHUTTING_DOWN" });
});
