import assert from "node:assert/strict";
import { applyMessageEvent, mergeMessages, timeline, type ViewMessage } from "./message_state.ts";

function message(id: number, createdAt: string, over: Partial<ViewMessage> = {}): ViewMessage {
  return {
    id,
    ticketId: 1,
    contactId: 1,
    wid: `w${id}`,
    body: `m${id}`,
    fromMe: false,
    read: true,
    ack: 0,
    mediaType: "chat",
    mediaUrl: null,
    mediaName: null,
    quotedWid: null,
    data: null,
    isDeleted: false,
    isEdited: false,
    createdAt,
    ...over,
  };
}

Deno.test("message state: an older page goes before, without repeats", () => {
  const current = [message(3, "2026-11-23T10:03:00Z"), message(4, "2026-11-23T10:04:00Z")];
  const older = [message(1, "2026-11-22T09:00:00Z"), message(3, "2026-11-23T10:03:00Z")];
  assert.deepEqual(mergeMessages(current, older).map((m) => m.id), [1, 3, 4]);
});

Deno.test("message state: events add, update and keep the latest ack", () => {
  const shown = [message(1, "2026-11-23T10:00:00Z")];
  const reply = message(2, "2026-11-23T10:01:00Z", { fromMe: true, ack: 0, quotedWid: "w1" });
  const added = applyMessageEvent(shown, { action: "create", message: reply }, 1);
  assert.deepEqual(added.map((m) => m.id), [1, 2]);
  assert.equal(added[1]!.quotedMsg?.body, "m1");
  const read = applyMessageEvent(added, { action: "update", message: { ...reply, ack: 4 } }, 1);
  assert.equal(read[1]!.ack, 4);
  // The send's own answer (ack 0) arriving after the read receipt does not undo it.
  assert.equal(mergeMessages(read, [reply])[1]!.ack, 4);
  // Another ticket's message, an update of an unknown one, junk: nothing changes.
  const other = message(9, "2026-11-23T10:02:00Z", { ticketId: 2 });
  assert.equal(applyMessageEvent(read, { action: "create", message: other }, 1), read);
  const unknown = message(8, "2026-11-23T10:02:00Z");
  assert.equal(applyMessageEvent(read, { action: "update", message: unknown }, 1), read);
  assert.equal(applyMessageEvent(read, "junk", 1), read);
});

Deno.test("message state: a separator before each day", () => {
  const items = timeline([
    message(1, "2026-11-22T09:00:00Z"),
    message(2, "2026-11-22T18:00:00Z"),
    message(3, "2026-11-23T08:00:00Z"),
  ], (iso) => iso.slice(0, 10));
  assert.deepEqual(
    items.map((item) =>
      item.kind === "message" ? item.message.id : item.kind === "day" ? item.day : 0
    ),
    [
      "2026-11-22",
      1,
      2,
      "2026-11-23",
      3,
    ],
  );
});

Deno.test("message state: a separator where each of the contact's tickets begins", () => {
  const items = timeline([
    message(1, "2026-11-20T09:00:00Z", { ticketId: 7 }),
    message(2, "2026-11-23T08:00:00Z", { ticketId: 9 }),
    message(3, "2026-11-23T08:05:00Z", { ticketId: 9 }),
  ], (iso) => iso.slice(0, 10));
  assert.deepEqual(
    items.map((item) =>
      item.kind === "ticket"
        ? `#${item.ticketId}`
        : item.kind === "day"
        ? item.day
        : item.message.id
    ),
    ["#7", "2026-11-20", 1, "#9", "2026-11-23", 2, 3],
  );
});
