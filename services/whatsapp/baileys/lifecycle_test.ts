import assert from "node:assert/strict";
import { backoff, decide, DEFAULT_LIMITS, FRESH_STATE, type LifecycleLimits } from "./lifecycle.ts";

const LIMITS: LifecycleLimits = { maxQr: 2, maxReconnects: 2, baseDelayMs: 1000, maxDelayMs: 5000 };
const half = () => 0.5;

Deno.test("connecting, QR and open map to OPENING, qrcode and CONNECTED", () => {
  assert.deepEqual(decide({ connection: "connecting" }, FRESH_STATE, LIMITS).status, {
    status: "OPENING",
    qrcode: "",
  });
  const qr = decide({ qr: "2@abc" }, FRESH_STATE, LIMITS);
  assert.deepEqual(qr.status, { status: "qrcode", qrcode: "2@abc" });
  assert.deepEqual(qr.next, { kind: "none" });
  // While a QR is shown, a reconnect's "connecting" does not hide it.
  assert.equal(decide({ connection: "connecting" }, qr.state, LIMITS).status, undefined);
  const open = decide({ connection: "open" }, { qrShown: 2, reconnects: 1 }, LIMITS);
  assert.deepEqual(open.status, { status: "CONNECTED", qrcode: "" });
  assert.deepEqual(open.state, FRESH_STATE, "counters start again once connected");
});

Deno.test("the QR expires after a bounded number of codes and the session is forgotten", () => {
  let state = FRESH_STATE;
  for (const qr of ["a", "b"]) {
    const step = decide({ qr }, state, LIMITS);
    assert.equal(step.status?.status, "qrcode");
    state = step.state;
  }
  const third = decide({ qr: "c" }, state, LIMITS);
  assert.deepEqual(third.status, { status: "DISCONNECTED", qrcode: "", reason: "qrTimeout" });
  assert.deepEqual(third.next, { kind: "forget" });
});

Deno.test("each disconnect code gets its status and next step", () => {
  const close = (statusCode?: number) =>
    decide({ connection: "close", statusCode }, FRESH_STATE, LIMITS, half);
  for (
    const [code, reason] of [[401, "loggedOut"], [403, "forbidden"], [411, "deviceMismatch"], [
      500,
      "badSession",
    ]] as const
  ) {
    const d = close(code);
    assert.deepEqual(d.status, { status: "DISCONNECTED", qrcode: "", reason }, `code ${code}`);
    assert.deepEqual(d.next, { kind: "forget" }, `code ${code} forgets the session`);
  }
  assert.deepEqual(close(515), { next: { kind: "restart" }, state: FRESH_STATE });
  const replaced = close(440);
  assert.deepEqual(replaced.status, { status: "DISCONNECTED", qrcode: "", reason: "replaced" });
  assert.deepEqual(replaced.next, { kind: "end" }, "taken over elsewhere: no retry loop");
  for (const code of [408, 428, 503, undefined]) {
    const d = close(code);
    assert.equal(d.status?.status, "TIMEOUT", `code ${code}`);
    assert.equal(d.next.kind, "reconnect", `code ${code}`);
  }
});

Deno.test("reconnects back off and give up after the limit", () => {
  let state = FRESH_STATE;
  const delays: number[] = [];
  for (let i = 0; i < 2; i++) {
    const d = decide({ connection: "close", statusCode: 408 }, state, LIMITS, half);
    assert.equal(d.next.kind, "reconnect");
    if (d.next.kind === "reconnect") delays.push(d.next.delayMs);
    state = d.state;
  }
  assert.deepEqual(delays, [750, 1500], "doubling, with jitter in the upper half");
  const last = decide({ connection: "close", statusCode: 408 }, state, LIMITS, half);
  assert.deepEqual(last.status, { status: "DISCONNECTED", qrcode: "", reason: "unreachable" });
  assert.deepEqual(last.next, { kind: "end" });
});

Deno.test("backoff stays between half and all of its capped ceiling", () => {
  assert.equal(backoff(1, DEFAULT_LIMITS, () => 0), 1000);
  assert.equal(backoff(1, DEFAULT_LIMITS, () => 1), 2000);
  assert.equal(backoff(20, DEFAULT_LIMITS, () => 1), DEFAULT_LIMITS.maxDelayMs);
  assert.equal(backoff(20, DEFAULT_LIMITS, () => 0), DEFAULT_LIMITS.maxDelayMs / 2);
});
