/**
 * How realtime events change the loaded part of the contacts list (admin §4: create and
 * update upsert, delete removes); pages arrive through lib/client/paged_list.ts. Pure
 * functions, so the island stays thin and the rules are tested alone.
 */
import type { ContactRow } from "../../components/contacts/types.ts";
import type { ListState as PagedState } from "../../lib/client/paged_list.ts";

type ListState = PagedState<ContactRow>;

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

/** Whether a contact carries the tag the list is filtered by (none: every contact does). */
export function carriesTag(contact: ContactRow, tagId: number | undefined): boolean {
  return tagId === undefined || (contact.tags ?? []).some((tag) => tag.id === tagId);
}

/**
 * A created or changed contact: replaced where it is, or put in its place by name. One that
 * sorts after everything loaded while more pages remain is left for the scroll to bring; one
 * that no longer fits the search or the tag filter leaves the list.
 */
export function withUpsert(
  state: ListState,
  contact: ContactRow,
  search: string,
  tagId?: number,
): ListState {
  const existing = state.rows.some((c) => c.id === contact.id);
  const others = state.rows.filter((c) => c.id !== contact.id);
  if (!matchesSearch(contact, search) || !carriesTag(contact, tagId)) {
    return existing ? { ...state, rows: others, count: state.count - 1 } : state;
  }
  const last = others.at(-1);
  if (!existing && state.hasMore && last && compare(contact, last) > 0) {
    return { ...state, count: state.count + 1 };
  }
  const rows = [...others, contact].sort(compare);
  return { ...state, rows, count: existing ? state.count : state.count + 1 };
}

export function withRemoval(state: ListState, contactId: number): ListState {
  if (!state.rows.some((c) => c.id === contactId)) return state;
  return {
    ...state,
    rows: state.rows.filter((c) => c.id !== contactId),
    count: Math.max(0, state.count - 1),
  };
}
