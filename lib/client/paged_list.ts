/**
 * Every searchable list that loads page after page (admin §9) goes through here: the search
 * is debounced 500 ms and lowercased, a new search starts again from page 1, and the next
 * page loads when the reader scrolls within 100 px of the end. Areas keep only their own
 * rules (which rows match a search, their order) in islands/<area>/.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { ApiError } from "./api.ts";
import { toastError } from "../ui/toast.ts";

export const SEARCH_DEBOUNCE_MS = 500;
export const LOAD_MORE_WITHIN_PX = 100;

export interface Page<T> {
  rows: T[];
  hasMore: boolean;
  /** Rows matching the search over every page, for lists that say how many there are. */
  count?: number;
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

/** The loaded part of a list: its rows, how many match on the server, and the last page. */
export interface ListState<T> {
  rows: T[];
  /** Rows matching the search on the server, over every page (0 when the answer has none). */
  count: number;
  hasMore: boolean;
  /** The last page loaded (1-based); 0 before the first. */
  page: number;
}

export const EMPTY_LIST: ListState<never> = { rows: [], count: 0, hasMore: false, page: 0 };

/**
 * The state after loading `pageNumber`: page 1 replaces the rows, later pages append, leaving
 * out rows already shown (a live update may have put them there first).
 */
export function withPage<T extends { id: number }>(
  state: ListState<T>,
  page: Page<T>,
  pageNumber: number,
): ListState<T> {
  const base = pageNumber === 1 ? [] : state.rows;
  const known = new Set(base.map((row) => row.id));
  return {
    rows: [...base, ...page.rows.filter((row) => !known.has(row.id))],
    count: page.count ?? 0,
    hasMore: page.hasMore,
    page: pageNumber,
  };
}

export interface PagedList<T> extends ListState<T> {
  /** For live updates between loads. */
  setRows: (update: (rows: T[]) => T[]) => void;
  /** For live updates that change the count as well. */
  update: (change: (state: ListState<T>) => ListState<T>) => void;
  loading: boolean;
  loadMore: () => void;
  /** Loads the first page of the current search again (after an import, say). */
  reload: () => void;
}

export interface PagedListOptions<T> {
  /** How a failed load is told; by default a toast with the answer's error code. */
  onError?: (err: unknown) => void;
  /** The first page, rendered with the page: shown at once, fetched again only on a new search. */
  initial?: Page<T>;
  /**
   * Keep showing the last search's rows until the new search answers (lists that say how many
   * rows match); by default a new search empties the list first.
   */
  keepRowsWhileSearching?: boolean;
}

function toastLoadError(err: unknown): void {
  toastError(err instanceof ApiError ? err.code : undefined);
}

/**
 * Pages of `load` for the (already debounced) `search`: a new search starts again from page
 * 1, `loadMore` asks for the next page, and only the newest search's answers are kept.
 */
export function usePagedList<T extends { id: number }>(
  load: PageLoader<T>,
  search: string,
  options: PagedListOptions<T> = {},
): PagedList<T> {
  const [state, setState] = useState<ListState<T>>(() =>
    options.initial ? withPage(EMPTY_LIST, options.initial, 1) : EMPTY_LIST
  );
  const [loading, setLoading] = useState(!options.initial);
  const control = useRef({ busy: false, generation: 0, page: 0, served: Boolean(options.initial) });
  control.current.page = state.page;
  const loader = useRef(load);
  loader.current = load;
  const onError = useRef(options.onError ?? toastLoadError);
  onError.current = options.onError ?? toastLoadError;
  const keepRows = options.keepRowsWhileSearching === true;
  const query = search.trim().toLowerCase();

  const fetchPage = useCallback(async (pageNumber: number, generation: number) => {
    control.current.busy = true;
    setLoading(true);
    try {
      const page = await loader.current(pageNumber, query);
      // A newer search started meanwhile: this answer belongs to the old one.
      if (generation !== control.current.generation) return;
      setState((current) => withPage(current, page, pageNumber));
    } catch (err) {
      if (generation === control.current.generation) onError.current(err);
    } finally {
      if (generation === control.current.generation) {
        control.current.busy = false;
        setLoading(false);
      }
    }
  }, [query]);

  const startOver = useCallback(() => {
    const generation = ++control.current.generation;
    if (!keepRows) setState((current) => ({ ...current, rows: [], hasMore: false }));
    void fetchPage(1, generation);
  }, [fetchPage, keepRows]);

  useEffect(() => {
    // The page came with the first page of the empty search: nothing to fetch yet.
    if (control.current.served) {
      control.current.served = false;
      return;
    }
    startOver();
  }, [startOver]);

  const loadMore = useCallback(() => {
    if (control.current.busy || !state.hasMore) return;
    void fetchPage(control.current.page + 1, control.current.generation);
  }, [fetchPage, state.hasMore]);

  const setRows = useCallback((change: (rows: T[]) => T[]) => {
    setState((current) => ({ ...current, rows: change(current.rows) }));
  }, []);

  return { ...state, setRows, update: setState, loading, loadMore, reload: startOver };
}

/**
 * A tall screen may show a whole page of rows without a scroll bar: keep loading until the
 * `scroller` overflows or the list ends, or scrolling could never ask for more.
 */
export function useFillScroller(
  scroller: { current: HTMLElement | null },
  list: Pick<PagedList<unknown>, "rows" | "hasMore" | "loadMore">,
): void {
  useEffect(() => {
    const element = scroller.current;
    if (element && element.scrollHeight <= element.clientHeight && list.hasMore) {
      list.loadMore();
    }
  }, [list.rows, list.hasMore]);
}
