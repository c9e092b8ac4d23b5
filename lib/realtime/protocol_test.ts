import assert from "node:assert/strict";
import {
  errorMessage,
  joinKey,
  MAX_CLIENT_MESSAGE_BYTES,
  parseClientMessage,
  RealtimeErrors,
  serverMessage,
} from "./protocol.ts";

Deno.test("realtime protocol - a well-formed client event is parsed", () => {
  assert.deepEqual(parseClientMessage('{"event":"joinTickets","data":"open"}'), {
    ok: true,
    message: { event: "joinTickets", data: "open" },
  });
  assert.deepEqual(parseClientMessage('{"event":"joinNotification"}'), {
    ok: true,
    message: { event: "joinNotification", data: undefined },
  });
});

Deno.test("realtime protocol - malformed client messages get a reason", () => {
  for (const text of ["{", "42", "null", "[]", '{"data":1}', '{"event":""}', '{"event":"a b"}']) {
    const result = parseClientMessage(text);
    assert.equal(result.ok, false, text);
    if (!result.ok) {
      assert.equal(result.error, RealtimeErrors.malformed);
      assert.ok(result.message.length > 10);
    }
  }
});

Deno.test("realtime protocol - an oversized message is refused", () => {
  const big = JSON.stringify({ event: "userStatus", data: "x".repeat(MAX_CLIENT_MESSAGE_BYTES) });
  const result = parseClientMessage(big);
  assert.equal(result.ok, false);
  if (!result.ok) assert.equal(result.error, RealtimeErrors.tooLarge);
});

Deno.test("realtime protocol - server messages have channel and data", () => {
  assert.equal(
    serverMessage("company-1-ticket", { a: 1 }),
    '{"channel":"company-1-ticket","data":{"a":1}}',
  );
  assert.deepEqual(JSON.parse(errorMessage("ERR_X", "Why.", "joinX")), {
    channel: "error",
    data: { error: "ERR_X", message: "Why.", event: "joinX" },
  });
});

Deno.test("realtime protocol - a leave shares the key of its join", () => {
  assert.equal(joinKey("joinChatBox", 7), joinKey("leaveChatBox", 7));
  assert.notEqual(joinKey("joinChatBox", 7), joinKey("leaveChatBox", 8));
  assert.equal(joinKey("joinNotification", undefined), joinKey("leaveNotification", null));
  assert.equal(joinKey("userStatus", 1), null);
});
