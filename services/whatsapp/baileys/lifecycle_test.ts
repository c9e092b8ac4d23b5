import assert from "node:assert/strict";
import { backoff, decide, DEFAULT_LIMITS, FRESH_STATE, type LifecycleLimits } from "./lifecycle.ts";

const LIMITS: LifecycleLimits = { maxQr: 2, baseDelayMs: 1000, maxDelayMs: 5000 };
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
  const loggedOut = close(401);
  assert.deepEqual(loggedOut.status, { status: "DISCONNECTED", qrcode: "", reason: "loggedOut" });
  assert.deepEqual(loggedOut.next, { kind: "forget" }, "logged out on the phone: forgotten");
  for (
    const [code, reason] of [[403, "forbidden"], [411, "deviceMismatch"], [
      440,
      "replaced",
    ]] as const
  ) {
    const d = close(code);
    assert.deepEqual(d.status, { status: "DISCONNECTED", qrcode: "", reason }, `code ${code}`);
    assert.deepEqual(d.next, { kind: "end" }, `code ${code} keeps the credentials`);
  }
  assert.deepEqual(close(515), { next: { kind: "restart" }, state: FRESH_STATE });
  // 500 is Baileys' code for any stream error it does not recognise: never a reason to forget.
  for (const code of [408, 428, 500, 503, undefined]) {
    const d = close(code);
    assert.equal(d.status?.status, "TIMEOUT", `code ${code}`);
    assert.equal(d.next.kind, "reconnect", `code ${code}`);
  }
});

Deno.test("reconnects back off, capped, and never give up", () => {
  let state = FRESH_STATE;
  const delays: number[] = [];
  for (let i = 0; i < 3; i++) {
    const d = decide({ connection: "close", statusCode: 408 }, state, LIMITS, half);
    if (d.next.kind === "reconnect") delays.push(d.next.delayMs);
    state = d.state;
  }
  assert.deepEqual(delays, [750, 1500, 3000], "doubling, with jitter in the upper half");
  // Ten minutes of a server that does not answer, with the real limits: still retrying,
  // never more than five minutes apart.
  let waited = 0;
  state = FRESH_STATE;
  while (waited < 10 * 60_000) {
    const d = decide({ connection: "close", statusCode: 428 }, state, DEFAULT_LIMITS, Math.random);
    assert.equal(d.next.kind, "reconnect");
    assert.equal(d.status?.status, "TIMEOUT");
    if (d.next.kind !== "reconnect") break;
    assert.ok(d.next.delayMs <= 5 * 60_000);
    waited += d.next.delayMs;
    state = d.state;
  }
  const back = decide({ connection: "open" }, state, DEFAULT_LIMITS);
  assert.deepEqual(back.status, { status: "CONNECTED", qrcode: "" });
});

Deno.test("backoff stays between half and all of its capped ceiling", () => {
  assert.equal(backoff(1, DEFAULT_LIMITS, () => 0), 1000);
  assert.equal(backoff(1, DEFAULT_LIMITS, () => 1), 2000);
  assert.equal(backoff(20, DEFAULT_LIMITS, () => 1), DEFAULT_LIMITS.maxDelayMs);
  assert.equal(backoff(20, DEFAULT_LIMITS, () => 0), DEFAULT_LIMITS.maxDelayMs / 2);
});
