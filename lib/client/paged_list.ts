/**
 * A searchable list that loads page after page (admin §9): the search is debounced 500 ms
 * and lowercased, a new search starts again from page 1, and the next page loads when the
 * reader scrolls within 100 px of the end.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { ApiError } from "./api.ts";
import { toastError } from "../ui/toast.ts";

export const SEARCH_DEBOUNCE_MS = 500;
export const LOAD_MORE_WITHIN_PX = 100;

export interface Page<T> {
  rows: T[];
  hasMore: boolean;
}

export type PageLoader<T> = (pageNumber: number, search: string) => Promise<Page<T>>;

/** Search starts at three typed characters (core §5); below that the whole list shows. */
export const MIN_SEARCH_LENGTH = 3;

/** The search a list runs for what was typed: trimmed, lowercased, "" below three characters. */
export function effectiveSearch(typed: string): string {
  const term = typed.trim().toLowerCase();
  return term.length >= MIN_SEARCH_LENGTH ? term : "";
}

/**
 * The search for the `typed` text of a list's box (core §5, §9): `effectiveSearch(typed)`
 * once typing has paused for `SEARCH_DEBOUNCE_MS`, and "" at once when it falls below
 * three characters, so clearing the box shows the whole list again without waiting.
 */
export function useSearchTerm(typed: string): string {
  const [search, setSearch] = useState("");
  const current = useRef(search);
  current.current = search;
  useEffect(() => {
    const term = effectiveSearch(typed);
    if (term === current.current) return;
    if (term === "") return void setSearch("");
    const timer = setTimeout(() => setSearch(term), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return search;
}

/** `value`, once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** True when a scrolled element shows its last `within` pixels. */
export function nearEnd(element: HTMLElement, within = LOAD_MORE_WITHIN_PX): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight < within;
}

export interface PagedList<T> {
  rows: T[];
  /** For live updates between loads. */
  setRows: (update: (rows: T[]) => T[]) => void;
  hasMore: boolean;
  loading: boolean;
  loadMore: () => void;
}

export interface PagedListOptions {
  /** How a failed load is told; by default a toast with the answer's error code. */
  onError?: (err: unknown) => void;
}

function toastLoadError(err: unknown): void {
  toastError(err instanceof ApiError ? err.code : undefined);
}

/**
 * Pages of `load` for the (already debounced) `search`. A later page leaves out rows the
 * list already shows (a live update may have put them there first).
 */
export function usePagedList<T extends { id: number }>(
  load: PageLoader<T>,
  search: string,
  options: PagedListOptions = {},
): PagedList<T> {
  const [rows, setRows] = useState<T[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const state = useRef({ page: 0, busy: false, generation: 0 });
  const loader = useRef(load);
  loader.current = load;
  const onError = useRef(options.onError ?? toastLoadError);
  onError.current = options.onError ?? toastLoadError;
  const query = search.trim().toLowerCase();

  const fetchPage = useCallback(async (pageNumber: number, generation: number) => {
    state.current.busy = true;
    setLoading(true);
    try {
      const page = await loader.current(pageNumber, query);
      // A newer search started meanwhile: this answer belongs to the old one.
      if (generation !== state.current.generation) return;
      state.current.page = pageNumber;
      setRows((current) =>
        pageNumber === 1
          ? page.rows
          : [...current, ...page.rows.filter((row) => !current.some((c) => c.id === row.id))]
      );
      setHasMore(page.hasMore);
    } catch (err) {
      if (generation === state.current.generation) onError.current(err);
    } finally {
      if (generation === state.current.generation) {
        state.current.busy = false;
        setLoading(false);
      }
    }
  }, [query]);

  useEffect(() => {
    const generation = ++state.current.generation;
    setRows([]);
    setHasMore(false);
    void fetchPage(1, generation);
  }, [fetchPage]);

  const loadMore = useCallback(() => {
    if (state.current.busy || !hasMore) return;
    void fetchPage(state.current.page + 1, state.current.generation);
  }, [fetchPage, hasMore]);

  return { rows, setRows, hasMore, loading, loadMore };
}
