/**
 * The loaded part of the contacts list and how it changes: pages appended as the user
 * scrolls, and realtime events applied in place (admin §4: create and update upsert, delete
 * removes). Pure functions, so the island stays thin and the rules are tested alone.
 */

import type { ContactRow, ContactsPageData } from "../../components/contacts/types.ts";

export interface ListState {
  contacts: ContactRow[];
  count: number;
  hasMore: boolean;
  /** The last page loaded; 0 before the first. */
  page: number;
}

export const EMPTY_LIST: ListState = { contacts: [], count: 0, hasMore: true, page: 0 };

/** The server's order: name without case, then id. */
function compare(a: ContactRow, b: ContactRow): number {
  const byName = a.name.toLowerCase().localeCompare(b.name.toLowerCase());
  return byName !== 0 ? byName : a.id - b.id;
}

/** Whether a contact fits the search the list shows (the server's rule, for live events). */
export function matchesSearch(contact: ContactRow, search: string): boolean {
  if (!search) return true;
  if (contact.name.toLowerCase().includes(search)) return true;
  const digits = search.replace(/\D/g, "");
  return digits !== "" && /^[\d\s()+\-.]+$/.test(search) && contact.number.includes(digits);
}

export function withPage(state: ListState, page: ContactsPageData, pageNumber: number): ListState {
  const base = pageNumber === 1 ? [] : state.contacts;
  const known = new Set(base.map((c) => c.id));
  return {
    contacts: [...base, ...page.contacts.filter((c) => !known.has(c.id))],
    count: page.count,
    hasMore: page.hasMore,
    page: pageNumber,
  };
}

/**
 * A created or changed contact: replaced where it is, or put in its place by name. One that
 * sorts after everything loaded while more pages remain is left for the scroll to bring.
 */
export function withUpsert(state: ListState, contact: ContactRow, search: string): ListState {
  const existing = state.contacts.some((c) => c.id === contact.id);
  const others = state.contacts.filter((c) => c.id !== contact.id);
  if (!matchesSearch(contact, search)) {
    return existing ? { ...state, contacts: others, count: state.count - 1 } : state;
  }
  const last = others.at(-1);
  if (!existing && state.hasMore && last && compare(contact, last) > 0) {
    return { ...state, count: state.count + 1 };
  }
  const contacts = [...others, contact].sort(compare);
  return { ...state, contacts, count: existing ? state.count : state.count + 1 };
}

export function withRemoval(state: ListState, contactId: number): ListState {
  if (!state.contacts.some((c) => c.id === contactId)) return state;
  return {
    ...state,
    contacts: state.contacts.filter((c) => c.id !== contactId),
    count: Math.max(0, state.count - 1),
  };
}
