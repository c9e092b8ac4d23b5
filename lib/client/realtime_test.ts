/**
 * The realtime client against the real hub on a real `Deno.serve` (port 0), with Deno's own
 * WebSocket as the browser's. The server's handler reads the current hub from a variable, so
 * a test can replace the hub under a connected client: the old one closes its sockets the way
 * a restarting server does, and the client must find the new one on the same port.
 * Intervals and backoff are shrunk to milliseconds; sanitizers stay on, so `close()` must
 * leave no timer or socket behind.
 */
import assert from "node:assert/strict";
import { createHub, type Hub, LocalBroker } from "../realtime/mod.ts";
import type { AuthorizeJoin, Principal } from "../realtime/types.ts";
import { serveOnFreePort } from "../../tests/helpers/ws.ts";
import { configureApi, resetApi } from "./api.ts";
import {
  backoffDelay,
  connectRealtime,
  type RealtimeClient,
  type RealtimeMessage,
  type RealtimeOptions,
} from "./realtime.ts";

/** `?token=u2c1` is user 2 of company 1, if that token is currently valid. */
function authenticator(valid: Set<string>) {
  return (request: Request): Promise<Principal | null> => {
    const token = new URL(request.url).searchParams.get("token") ?? "";
    const match = /^u(\d+)c(\d+)$/.exec(token);
    if (!match || !valid.has(token)) return Promise.resolve(null);
    return Promise.resolve({ userId: Number(match[1]), companyId: Number(match[2]) });
  };
}

const authorizeJoin: AuthorizeJoin = (principal, event, data) => {
  const c = principal.companyId;
  if (event === "joinTickets" && data === "open") return Promise.resolve([`company-${c}-open`]);
  if (event === "joinChatBox") return Promise.resolve([`company-${c}-ticket-${data}`]);
  return Promise.resolve(null);
};

/** A hub that can be swapped under a running server, plus the sockets the client opened. */
async function startWorld(pingIntervalMs = 18_000) {
  const valid = new Set(["u2c1"]);
  const makeHub = () =>
    createHub({
      broker: new LocalBroker(),
      authenticate: authenticator(valid),
      authorizeJoin,
      pingIntervalMs,
    });
  let hub: Hub = await makeHub();
  const server = serveOnFreePort((request) => hub.upgrade(request));
  const sockets: Array<{ socket: WebSocket; closed: Promise<void> }> = [];
  class TrackedWebSocket extends WebSocket {
    constructor(url: string | URL) {
      super(url);
      const closed = new Promise<void>((resolve) =>
        this.addEventListener("close", () => resolve())
      );
      sockets.push({ socket: this, closed });
    }
  }
  const inbox: RealtimeMessage[] = [];
  let client: RealtimeClient | undefined;
  return {
    valid,
    sockets,
    inbox,
    get hub() {
      return hub;
    },
    /** Replaces the hub: the old one closes every socket (1001), as a restart would. */
    async restartHub() {
      const old = hub;
      hub = await makeHub();
      await old.close();
    },
    connect(options: RealtimeOptions = {}, token = "u2c1") {
      client = connectRealtime({
        url: `${server.wsUrl}?token=${token}`,
        WebSocketImpl: TrackedWebSocket,
        onMessage: (message) => inbox.push(message),
        reconnectDelayMs: { min: 5, max: 40 },
        ...options,
      });
      return client;
    },
    async stop() {
      client?.close();
      await Promise.all(sockets.map((s) => s.closed));
      await hub.close();
      await server.close();
    },
  };
}

/** Polls `check` every few ms until it holds; fails after `timeoutMs`. */
async function waitFor(what: string, check: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Counts timers started and not yet fired or cleared while installed. Deno 2.9's test
 * sanitizers do not report a pending `setTimeout`, so "close() leaves no timers" is checked here.
 */
function trackTimers() {
  const { setTimeout: realSet, clearTimeout: realClear } = globalThis;
  const pending = new Set<unknown>();
  globalThis.setTimeout = ((fn: () => void, ms?: number) => {
    const id = realSet(() => {
      pending.delete(id);
      fn();
    }, ms);
    pending.add(id);
    return id;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((id?: number) => {
    pending.delete(id);
    realClear(id);
  }) as typeof clearTimeout;
  return {
    pending: () => pending.size,
    restore() {
      globalThis.setTimeout = realSet;
      globalThis.clearTimeout = realClear;
    },
  };
}

const count = (inbox: RealtimeMessage[], channel: string) =>
  inbox.filter((m) => m.channel === channel).length;

Deno.test("realtime client - backoff doubles from min to max with jitter in the upper half", () => {
  assert.deepEqual([0, 1, 2, 5, 9].map((a) => backoffDelay(a, 1000, 30_000, () => 1)), [
    1000,
    2000,
    4000,
    30_000,
    30_000,
  ]);
  assert.equal(backoffDelay(0, 1000, 30_000, () => 0), 500);
  assert.equal(backoffDelay(10, 1000, 30_000, () => 0), 15_000);
});

Deno.test("realtime client - gets ready and answers pings, so the hub keeps it", async () => {
  // 100 ms rather than less: client and hub share one event loop, and a busy machine must
  // not stall it for two intervals.
  const world = await startWorld(100);
  try {
    const client = world.connect();
    assert.equal(client.state.value, "connecting");
    await waitFor("ready", () => client.state.value === "open");
    // Five intervals: a silent socket would be closed after two.
    await waitFor("five pings", () => count(world.inbox, "ping") >= 5);
    assert.equal(world.sockets.length, 1, "never reconnected");
    assert.equal(world.hub.stats().sockets, 1);
    assert.equal(client.state.value, "open");
  } finally {
    await world.stop();
  }
});

Deno.test("realtime client - joins, receives published events, unsubscribes", async () => {
  const world = await startWorld();
  try {
    const client = world.connect();
    const tickets: unknown[] = [];
    const unsubscribe = client.subscribe("company-1-ticket", (data) => tickets.push(data));
    client.join("joinTickets", "open");
    await waitFor("joined", () => count(world.inbox, "joined") === 1);
    await world.hub.publish("company-1-open", "company-1-ticket", { action: "update", id: 1 });
    await waitFor("the event", () => tickets.length === 1);
    assert.deepEqual(tickets, [{ action: "update", id: 1 }]);

    unsubscribe();
    await world.hub.publish("company-1-open", "company-1-ticket", { action: "update", id: 2 });
    await waitFor("the event in the inbox", () => count(world.inbox, "company-1-ticket") === 2);
    assert.equal(tickets.length, 1, "an unsubscribed handler hears nothing more");
  } finally {
    await world.stop();
  }
});

Deno.test("realtime client - reconnects after the server closes it and joins again", async () => {
  const world = await startWorld();
  try {
    const client = world.connect();
    client.join("joinTickets", "open"); // before ready: remembered, sent on ready
    client.join("joinChatBox", 7);
    client.join("joinChatBox", 8);
    await waitFor("three joins", () => count(world.inbox, "joined") === 3);
    client.leave("leaveChatBox", 8);
    await waitFor("left", () => count(world.inbox, "left") === 1);

    await world.restartHub();
    await waitFor("a second ready", () => count(world.inbox, "ready") === 2);
    await waitFor("the joins again", () => count(world.inbox, "joined") === 5);
    assert.equal(world.sockets.length, 2);
    assert.equal(client.state.value, "open");
    assert.deepEqual(world.hub.roomsOfUser(2), [[
      "company-1",
      "company-1-open",
      "company-1-ticket-7",
      "everyone",
      "user-2",
    ]]);

    const received: unknown[] = [];
    client.subscribe("company-1-appMessage", (data) => received.push(data));
    await world.hub.publish("company-1-ticket-7", "company-1-appMessage", { id: 99 });
    await waitFor("an event from the new hub", () => received.length === 1);
  } finally {
    await world.stop();
  }
});

Deno.test("realtime client - a refused upgrade refreshes the session, then connects", async () => {
  const world = await startWorld();
  world.valid.clear();
  let refreshes = 0;
  try {
    const client = world.connect({
      refreshToken: () => {
        refreshes++;
        world.valid.add("u2c1"); // what a successful refresh does to the cookie
        return Promise.resolve(true);
      },
    });
    await waitFor("ready", () => client.state.value === "open");
    assert.equal(refreshes, 1);
    assert.equal(world.sockets.length, 2);
  } finally {
    await world.stop();
  }
});

Deno.test("realtime client - a refused refresh signs out and stops", async () => {
  const world = await startWorld();
  world.valid.clear();
  let signedOut = 0;
  configureApi({ onSignedOut: () => signedOut++ });
  try {
    const client = world.connect({ refreshToken: () => Promise.resolve(false) });
    await waitFor("closed", () => client.state.value === "closed");
    assert.equal(signedOut, 1);
    assert.equal(world.sockets.length, 1, "no further attempt");
  } finally {
    resetApi();
    await world.stop();
  }
});

Deno.test("realtime client - a session that ended on the server is renewed, then reconnects", async () => {
  const world = await startWorld();
  let refreshes = 0;
  try {
    const client = world.connect({
      refreshToken: () => Promise.resolve(++refreshes > 0),
    });
    await waitFor("ready", () => client.state.value === "open");
    // The hub closes it with CLOSE_SESSION_EXPIRED (a password change, an expired token…).
    await world.hub.revalidate({ userId: 2 });
    await waitFor("a second ready", () => count(world.inbox, "ready") === 2);
    assert.equal(refreshes, 1, "renewed before reconnecting, not blindly retried");
    assert.equal(world.sockets.length, 2);
  } finally {
    await world.stop();
  }
});

Deno.test("realtime client - a session that ended and cannot be renewed signs out", async () => {
  const world = await startWorld();
  let signedOut = 0;
  configureApi({ onSignedOut: () => signedOut++ });
  try {
    const client = world.connect({ refreshToken: () => Promise.resolve(false) });
    await waitFor("ready", () => client.state.value === "open");
    await world.hub.revalidate({ userId: 2 });
    await waitFor("closed", () => client.state.value === "closed");
    assert.equal(signedOut, 1);
    assert.equal(world.sockets.length, 1, "no reconnect after the sign-out");
  } finally {
    resetApi();
    await world.stop();
  }
});

Deno.test("realtime client - a refresh that cannot reach the server keeps retrying", async () => {
  const world = await startWorld();
  world.valid.clear();
  let refreshes = 0;
  try {
    const client = world.connect({
      refreshToken: () => {
        if (++refreshes === 3) world.valid.add("u2c1");
        return Promise.reject(new TypeError("offline"));
      },
    });
    await waitFor("ready", () => client.state.value === "open");
    assert.equal(refreshes, 3);
  } finally {
    await world.stop();
  }
});

Deno.test("realtime client - close() cancels a pending reconnect", async () => {
  const world = await startWorld();
  const timers = trackTimers();
  try {
    const client = world.connect({ reconnectDelayMs: { min: 60_000, max: 60_000 } });
    await waitFor("ready", () => client.state.value === "open");
    await world.restartHub();
    await world.sockets[0]!.closed;
    await new Promise((resolve) => setTimeout(resolve, 0)); // the client's own close handler ran
    assert.equal(client.state.value, "connecting");
    assert.equal(timers.pending(), 1, "the reconnect is scheduled");
    client.close();
    assert.equal(client.state.value, "closed");
    assert.equal(timers.pending(), 0, "close() cancelled it");
  } finally {
    timers.restore();
    await world.stop();
  }
});

Deno.test("realtime client - close() on an open socket ends it for good", async () => {
  const world = await startWorld();
  const timers = trackTimers();
  try {
    const client = world.connect();
    await waitFor("ready", () => client.state.value === "open");
    client.close();
    await world.sockets[0]!.closed;
    await waitFor("the hub to drop it", () => world.hub.stats().sockets === 0);
    await new Promise((resolve) => setTimeout(resolve, 60)); // longer than the max backoff
    assert.equal(world.sockets.length, 1, "no reconnect after close()");
    assert.equal(client.state.value, "closed");
    assert.equal(timers.pending(), 0);
  } finally {
    timers.restore();
    await world.stop();
  }
});
