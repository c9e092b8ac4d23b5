import assert from "node:assert/strict";
import {
  byteLength,
  decodeEnvelope,
  decodeNotice,
  encodeEnvelope,
  encodeStoredNotice,
} from "./envelope.ts";

const envelope = {
  origin: "instance-a",
  room: "company-1-open",
  channel: "company-1-ticket",
  data: { action: "update", ticket: { id: 7, name: "Zé Ção" } },
};

Deno.test("realtime envelope - an inline envelope survives encoding", () => {
  const notice = decodeNotice(encodeEnvelope(envelope));
  assert.deepEqual(notice, { kind: "inline", envelope });
});

Deno.test("realtime envelope - several rooms travel in one envelope", () => {
  const many = { ...envelope, room: ["user-1", "user-2"] };
  assert.deepEqual(decodeNotice(encodeEnvelope(many)), { kind: "inline", envelope: many });
  assert.throws(
    () => decodeEnvelope(JSON.stringify({ o: "a", r: ["user-1", 2], c: "x" })),
    SyntaxError,
  );
});

Deno.test("realtime envelope - a stored notice carries origin and id only", () => {
  const text = encodeStoredNotice("instance-a", 42);
  assert.deepEqual(decodeNotice(text), { kind: "stored", origin: "instance-a", id: 42 });
  assert.ok(text.length < 40);
});

Deno.test("realtime envelope - byte length counts UTF-8 bytes, not characters", () => {
  assert.equal(byteLength("ação"), 6);
  assert.equal(byteLength("😀"), 4);
});

Deno.test("realtime envelope - malformed notices are refused with a reason", () => {
  assert.throws(() => decodeNotice("not json"), SyntaxError);
  assert.throws(() => decodeNotice("[1]"), /JSON object/);
  assert.throws(() => decodeNotice('{"r":"x","c":"y"}'), /no origin/);
  assert.throws(() => decodeNotice('{"o":"a","ref":"1"}'), /bad id/);
  assert.throws(() => decodeEnvelope('{"o":"a","c":"y"}'), /origin, room and channel/);
});

Deno.test("realtime envelope - data may be absent", () => {
  const text = encodeEnvelope({ origin: "a", room: "r", channel: "c", data: undefined });
  const notice = decodeNotice(text);
  assert.equal(notice.kind, "inline");
  if (notice.kind === "inline") assert.equal(notice.envelope.data, undefined);
});
