/**
 * The users table's rows as plain data, and how a page load or a live event changes them
 * (admin §2: "create/update upserts, delete removes"). Pure functions, so the rules are
 * tested without a DOM.
 */
import type { ListState } from "../../lib/client/paged_list.ts";
import type { UserView } from "../../services/users/user_view.ts";

export type UsersListState = ListState<UserView>;

/** What `GET /api/users` answers. */
export interface UsersPageAnswer {
  users: UserView[];
  count: number;
  hasMore: boolean;
}

/** Does `user` belong in a list searched for `search` (the server's rule, on the client)? */
export function matchesSearch(user: UserView, search: string): boolean {
  return search === "" || user.name.toLowerCase().includes(search) ||
    user.email.toLowerCase().includes(search);
}

/**
 * A created or updated user: replaced in place when listed; otherwise added at its place in
 * the name order, if it matches the search. An edit that makes a listed user stop matching
 * removes them.
 */
export function upsertUser(state: UsersListState, user: UserView, search: string): UsersListState {
  const index = state.rows.findIndex((listed) => listed.id === user.id);
  if (!matchesSearch(user, search)) {
    return index === -1 ? state : removeUser(state, user.id);
  }
  if (index !== -1) {
    const rows = state.rows.slice();
    rows[index] = user;
    return { ...state, rows };
  }
  const at = state.rows.findIndex((listed) => compareByName(user, listed) < 0);
  // Past the last loaded row and more pages to come: the row arrives with its page.
  if (at === -1 && state.hasMore) return { ...state, count: state.count + 1 };
  const rows = state.rows.slice();
  rows.splice(at === -1 ? rows.length : at, 0, user);
  return { ...state, rows, count: state.count + 1 };
}

export function removeUser(state: UsersListState, userId: number): UsersListState {
  const rows = state.rows.filter((user) => user.id !== userId);
  if (rows.length === state.rows.length) return state;
  return { ...state, rows, count: Math.max(0, state.count - 1) };
}

/** The server's order: name without regard to case, then id. */
function compareByName(a: UserView, b: UserView): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
}
