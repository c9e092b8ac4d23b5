import assert from "node:assert/strict";
import type { Ticket } from "../../services/tickets/rows.ts";
import { applyTicketEvent, belongsIn, type ListFilter, listQuery } from "./list_state.ts";

function ticket(id: number, over: Partial<Ticket> = {}): Ticket {
  return {
    id,
    uuid: `uuid-${id}`,
    status: "pending",
    contactId: id,
    contact: {
      id,
      name: `Cliente ${id}`,
      number: `55119000000${id}`,
      email: "",
      profilePicUrl: "",
    },
    whatsappId: 1,
    userId: null,
    queueId: null,
    isGroup: false,
    chatbot: false,
    lastMessage: "oi",
    unreadMessages: 1,
    user: null,
    queue: null,
    whatsapp: { id: 1, name: "Loja" },
    tags: [],
    createdAt: "2026-11-23T10:00:00.000Z",
    updatedAt: `2026-11-23T10:0${id}:00.000Z`,
    ...over,
  };
}

const base: ListFilter = {
  kind: "pending",
  viewerId: 7,
  admin: false,
  showAll: false,
  queueIds: [],
  userIds: [],
  tagIds: [],
  search: "",
};

Deno.test("list state: a new message moves its ticket to the top with its unread count", () => {
  const rows = [ticket(3), ticket(2), ticket(1)];
  const moved = ticket(1, { updatedAt: "2026-11-23T11:00:00.000Z", unreadMessages: 4 });
  const next = applyTicketEvent(rows, { action: "create", ticket: moved, message: {} }, base);
  assert.deepEqual(next.map((row) => row.id), [1, 3, 2]);
  assert.equal(next[0]!.unreadMessages, 4);
});

Deno.test("list state: accepting moves a ticket from waiting to the assignee's open list", () => {
  const accepted = ticket(2, { status: "open", userId: 7 });
  const waiting = applyTicketEvent(
    [ticket(2), ticket(1)],
    { action: "update", ticket: accepted },
    base,
  );
  assert.deepEqual(waiting.map((row) => row.id), [1]);
  const open = applyTicketEvent([], { action: "update", ticket: accepted }, {
    ...base,
    kind: "open",
  });
  assert.deepEqual(open.map((row) => row.id), [2]);
  // A colleague's open ticket is not in my open list, unless an admin shows all.
  const theirs = ticket(5, { status: "open", userId: 9 });
  assert.equal(belongsIn(theirs, { ...base, kind: "open" }), false);
  assert.equal(belongsIn(theirs, { ...base, kind: "open", admin: true, showAll: true }), true);
  assert.equal(belongsIn(theirs, { ...base, kind: "open", showAll: true }), false);
});

Deno.test("list state: queue, user and every-tag filters", () => {
  const tagged = ticket(4, { queueId: 2, tags: [{ id: 1, name: "a", color: "#000" }] });
  assert.equal(belongsIn(tagged, { ...base, queueIds: [2] }), true);
  assert.equal(belongsIn(tagged, { ...base, queueIds: [3] }), false);
  // "Sem fila" (0) keeps the tickets without a queue.
  assert.equal(belongsIn({ ...tagged, queueId: null }, { ...base, queueIds: [0] }), true);
  assert.equal(belongsIn(tagged, { ...base, queueIds: [0] }), false);
  assert.equal(belongsIn(tagged, { ...base, tagIds: [1] }), true);
  assert.equal(belongsIn(tagged, { ...base, tagIds: [1, 2] }), false);
  assert.equal(belongsIn(tagged, { ...base, userIds: [7] }), false);
});

Deno.test("list state: deletes, read resets, search lists and junk", () => {
  const rows = [ticket(2), ticket(1)];
  assert.deepEqual(
    applyTicketEvent(rows, { action: "delete", ticketId: 2 }, base).map((row) => row.id),
    [1],
  );
  assert.equal(applyTicketEvent(rows, { action: "delete", ticketId: 99 }, base), rows);
  const read = applyTicketEvent(rows, { action: "updateUnread", ticketId: 1 }, base);
  assert.equal(read[1]!.unreadMessages, 0);
  const search = { ...base, kind: "search" as const, search: "ana" };
  assert.equal(applyTicketEvent(rows, { action: "update", ticket: ticket(9) }, search), rows);
  const closed = ticket(2, { status: "closed", userId: 7 });
  assert.equal(
    applyTicketEvent(rows, { action: "update", ticket: closed }, search)[0]!.status,
    "closed",
  );
  assert.equal(applyTicketEvent(rows, { action: "nope" }, base), rows);
  assert.equal(applyTicketEvent(rows, null, base), rows);
});

Deno.test("list state: the query each list asks for", () => {
  assert.deepEqual(listQuery({ ...base, kind: "open", queueIds: [1, 2] }), {
    status: "open",
    showAll: undefined,
    queueIds: "1,2",
    users: undefined,
    tags: undefined,
    searchParam: undefined,
  });
  const admin = listQuery({ ...base, kind: "search", admin: true, showAll: true, search: " ana " });
  assert.equal(admin.status, undefined);
  assert.equal(admin.showAll, "true");
  assert.equal(admin.searchParam, "ana");
});
