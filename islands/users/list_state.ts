/**
 * The users table's rows as plain data, and how a page load or a live event changes them
 * (admin §2: "create/update upserts, delete removes"). Pure functions, so the rules are
 * tested without a DOM.
 */
import type { UserView } from "../../services/users/user_view.ts";

export interface UsersListState {
  users: UserView[];
  /** Users matching the search on the server, over every page. */
  count: number;
  hasMore: boolean;
  /** The last page loaded (1-based); 0 before the first. */
  pageNumber: number;
}

/** What `GET /api/users` answers. */
export interface UsersPageAnswer {
  users: UserView[];
  count: number;
  hasMore: boolean;
}

/** The state after loading `pageNumber`: page 1 replaces the rows, later pages append. */
export function withPage(
  state: UsersListState,
  answer: UsersPageAnswer,
  pageNumber: number,
): UsersListState {
  const base = pageNumber === 1 ? [] : state.users;
  const known = new Set(base.map((user) => user.id));
  // A user created live while paging may already be listed: keep one row per id.
  const fresh = answer.users.filter((user) => !known.has(user.id));
  return { users: [...base, ...fresh], count: answer.count, hasMore: answer.hasMore, pageNumber };
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
  const index = state.users.findIndex((listed) => listed.id === user.id);
  if (!matchesSearch(user, search)) {
    return index === -1 ? state : removeUser(state, user.id);
  }
  if (index !== -1) {
    const users = state.users.slice();
    users[index] = user;
    return { ...state, users };
  }
  const at = state.users.findIndex((listed) => compareByName(user, listed) < 0);
  // Past the last loaded row and more pages to come: the row arrives with its page.
  if (at === -1 && state.hasMore) return { ...state, count: state.count + 1 };
  const users = state.users.slice();
  users.splice(at === -1 ? users.length : at, 0, user);
  return { ...state, users, count: state.count + 1 };
}

export function removeUser(state: UsersListState, userId: number): UsersListState {
  const users = state.users.filter((user) => user.id !== userId);
  if (users.length === state.users.length) return state;
  return { ...state, users, count: Math.max(0, state.count - 1) };
}

/** The server's order: name without regard to case, then id. */
function compareByName(a: UserView, b: UserView): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
}
