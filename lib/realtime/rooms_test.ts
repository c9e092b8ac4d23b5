import assert from "node:assert/strict";
import { RoomRegistry } from "./rooms.ts";

Deno.test("realtime rooms - pinned rooms come with the socket and go with it", () => {
  const rooms = new RoomRegistry<string>();
  rooms.add("s1", ["company-1", "user-1"]);
  rooms.add("s2", ["company-1", "user-2"]);
  assert.deepEqual([...rooms.members("company-1")], ["s1", "s2"]);
  assert.equal(rooms.roomCount, 3);
  rooms.remove("s1");
  assert.deepEqual([...rooms.members("company-1")], ["s2"]);
  assert.equal(rooms.members("user-1").size, 0);
  assert.equal(rooms.roomCount, 2, "an empty room is forgotten");
  assert.equal(rooms.socketCount, 1);
});

Deno.test("realtime rooms - joins are counted and a leave undoes one", () => {
  const rooms = new RoomRegistry<string>();
  rooms.add("s", ["company-1"]);
  rooms.join("s", "ChatBox:7", ["7"]);
  rooms.join("s", "ChatBox:7", ["7"]);
  assert.deepEqual(rooms.leave("s", "ChatBox:7"), []);
  assert.deepEqual(rooms.roomsOf("s"), ["7", "company-1"]);
  assert.deepEqual(rooms.leave("s", "ChatBox:7"), ["7"]);
  assert.deepEqual(rooms.roomsOf("s"), ["company-1"]);
  assert.deepEqual(rooms.leave("s", "ChatBox:7"), [], "an extra leave is harmless");
});

Deno.test("realtime rooms - a room held by another join or pinned is kept on leave", () => {
  const rooms = new RoomRegistry<string>();
  rooms.add("s", ["company-1", "user-1"]);
  rooms.join("s", 'Tickets:"open"', ["company-1-open", "user-1"]);
  rooms.join("s", "Notification:null", ["company-1-open", "company-1-notification"]);
  assert.deepEqual(rooms.leave("s", 'Tickets:"open"'), []);
  assert.deepEqual(rooms.roomsOf("s"), [
    "company-1",
    "company-1-notification",
    "company-1-open",
    "user-1",
  ]);
});

Deno.test("realtime rooms - joins for an unregistered socket are ignored", () => {
  const rooms = new RoomRegistry<string>();
  rooms.join("ghost", "k", ["r"]);
  assert.equal(rooms.roomCount, 0);
  assert.deepEqual(rooms.roomsOf("ghost"), []);
  assert.throws(() => {
    rooms.add("s", []);
    rooms.add("s", []);
  }, /already registered/);
});
