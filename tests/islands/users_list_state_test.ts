import assert from "node:assert/strict";
import { effectiveSearch, withPage } from "../../lib/client/paged_list.ts";
import { removeUser, upsertUser, type UsersListState } from "../../islands/users/list_state.ts";
import type { UserView } from "../../services/users/user_view.ts";

function user(id: number, name: string, email = `u${id}@example.com`): UserView {
  return {
    id,
    name,
    email,
    profile: "user",
    super: false,
    allTicket: "disabled",
    online: false,
    whatsappId: null,
    companyId: 1,
    queues: [],
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  };
}

const names = (state: UsersListState) => state.rows.map((u) => u.name);
const state = (users: UserView[], hasMore = false, count = users.length): UsersListState => ({
  rows: users,
  count,
  hasMore,
  page: 1,
});

Deno.test("users list - the search term: lower-cased, from 3 characters", () => {
  assert.equal(effectiveSearch("  CaR  "), "car");
  assert.equal(effectiveSearch("ca"), "");
  assert.equal(effectiveSearch("   "), "");
});

Deno.test("users list - page 1 replaces, later pages append without repeating a row", () => {
  const first = withPage(state([user(9, "Old")]), {
    rows: [user(1, "Ana"), user(2, "Bia")],
    count: 3,
    hasMore: true,
  }, 1);
  assert.deepEqual(names(first), ["Ana", "Bia"]);
  const live = upsertUser(first, user(3, "Bruno"), "");
  const second = withPage(live, { rows: [user(3, "Bruno")], count: 3, hasMore: false }, 2);
  assert.deepEqual(names(second), ["Ana", "Bia", "Bruno"]);
  assert.equal(second.page, 2);
  assert.equal(second.hasMore, false);
});

Deno.test("users list - upserts keep the name order and the search", () => {
  const list = state([user(1, "Ana"), user(2, "carla")]);
  assert.deepEqual(names(upsertUser(list, user(3, "Bruno"), "")), ["Ana", "Bruno", "carla"]);
  assert.equal(upsertUser(list, user(3, "Bruno"), "").count, 3);
  assert.deepEqual(names(upsertUser(list, user(2, "Carla Lima"), "")), ["Ana", "Carla Lima"]);
  const searched = state([user(2, "carla")]);
  assert.equal(upsertUser(searched, user(3, "Bruno"), "car"), searched, "not a match");
  assert.deepEqual(names(upsertUser(searched, user(2, "Renamed"), "car")), [], "no longer matches");
  assert.deepEqual(
    names(upsertUser(searched, user(4, "Zed", "carol@example.com"), "car")),
    ["carla", "Zed"],
    "the e-mail matches too",
  );
});

Deno.test("users list - a new row beyond the loaded pages waits for its page", () => {
  const partial = state([user(1, "Ana"), user(2, "Bia")], true, 30);
  const after = upsertUser(partial, user(3, "Zé"), "");
  assert.deepEqual(names(after), ["Ana", "Bia"]);
  assert.equal(after.count, 31);
});

Deno.test("users list - delete removes the row and counts one fewer", () => {
  const list = state([user(1, "Ana"), user(2, "Bia")]);
  const after = removeUser(list, 1);
  assert.deepEqual([names(after), after.count], [["Bia"], 1]);
  assert.equal(removeUser(list, 99), list, "an unknown id changes nothing");
});
