import assert from "node:assert/strict";
import { ApiError, type ApiOptions } from "./api.ts";
import { isOtherSignIn, SIGN_OUT_DELAY_MS, signInWatcher } from "./sign_in_watch.ts";

Deno.test("isOtherSignIn: the same user, from a sign-in other than this page's", () => {
  const event = { action: "update", user: { id: 7 }, sessionId: "new" };
  assert.equal(isOtherSignIn(event, 7, "mine"), true);
  assert.equal(isOtherSignIn(event, 7, "new"), false, "the tab that just signed in");
  assert.equal(isOtherSignIn(event, 8, "mine"), false, "another user of the company");
  assert.equal(isOtherSignIn({ user: { id: 7 } }, 7, "mine"), true, "an event without an id");
  assert.equal(isOtherSignIn(null, 7, "mine"), false);
  assert.equal(isOtherSignIn("update", 7, "mine"), false);
});

interface Harness {
  calls: string[];
  notified: number;
  left: number;
  timers: Array<{ fn: () => void; ms: number }>;
}

function harness(me: { sessionId: string | null } | Error, logout?: Error) {
  const h: Harness = { calls: [], notified: 0, left: 0, timers: [] };
  const call = ((path: string, options: ApiOptions = {}) => {
    h.calls.push(`${options.method ?? "GET"} ${path}`);
    if (path === "/api/auth/me") {
      return me instanceof Error ? Promise.reject(me) : Promise.resolve(me);
    }
    return logout ? Promise.reject(logout) : Promise.resolve(undefined);
  }) as typeof import("./api.ts").api;
  const watch = signInWatcher({
    userId: 7,
    sessionId: "mine",
    notify: () => h.notified++,
    leave: () => h.left++,
    call,
    delay: (fn, ms) => h.timers.push({ fn, ms }),
  });
  return { h, watch };
}

Deno.test("another computer signed in: message, sign-out on the server, leave after 1 s", async () => {
  const { h, watch } = harness({ sessionId: "mine" });
  await watch({ action: "update", user: { id: 7 }, sessionId: "elsewhere" });
  assert.equal(h.notified, 1);
  assert.deepEqual(h.calls, ["GET /api/auth/me", "DELETE /api/auth/logout"]);
  assert.equal(h.timers.length, 1);
  assert.equal(h.timers[0]!.ms, SIGN_OUT_DELAY_MS);
  assert.equal(h.left, 0, "not before the delay");
  h.timers[0]!.fn();
  await Promise.resolve();
  assert.equal(h.left, 1);
  // A second event while leaving changes nothing.
  await watch({ user: { id: 7 }, sessionId: "third" });
  assert.equal(h.notified, 1);
});

Deno.test("this page's own sign-in and other users are ignored", async () => {
  const { h, watch } = harness({ sessionId: "mine" });
  await watch({ user: { id: 7 }, sessionId: "mine" });
  await watch({ user: { id: 9 }, sessionId: "elsewhere" });
  assert.deepEqual(h.calls, []);
  assert.equal(h.notified, 0);
});

Deno.test("a new sign-in in this very browser is adopted, not signed out", async () => {
  const { h, watch } = harness({ sessionId: "elsewhere" });
  await watch({ user: { id: 7 }, sessionId: "elsewhere" });
  assert.deepEqual(h.calls, ["GET /api/auth/me"]);
  assert.equal(h.notified, 0);
  assert.equal(h.timers.length, 0);
  // From now on that sign-in is this tab's own.
  await watch({ user: { id: 7 }, sessionId: "elsewhere" });
  assert.deepEqual(h.calls, ["GET /api/auth/me"]);
});

Deno.test("when the cookies cannot be checked, the event is taken at face value", async () => {
  const { h, watch } = harness(new ApiError(0, "ERR_NETWORK"), new ApiError(0, "ERR_NETWORK"));
  await watch({ user: { id: 7 }, sessionId: "elsewhere" });
  assert.equal(h.notified, 1);
  assert.equal(h.timers.length, 1);
  h.timers[0]!.fn();
  await Promise.resolve();
  assert.equal(h.left, 1, "a failed logout still leaves");
});
