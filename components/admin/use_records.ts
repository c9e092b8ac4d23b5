/**
 * A paged, searchable list of records for the administration tables (`GET /api/<area>` with
 * `searchParam` and `pageNumber`, answering `{<listKey>: [...], hasMore}`). Searches wait
 * 500 ms after the last keystroke (admin §9); an answer to an older search is dropped, and
 * a failed load shows the spec's "Não foi possível carregar a lista de registros".
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../../lib/client/api.ts";
import { pushToast } from "../../lib/ui/toast.ts";

export const SEARCH_DEBOUNCE_MS = 500;

export interface Records<Row extends { id: number }> {
  rows: Row[];
  hasMore: boolean;
  loading: boolean;
  search: string;
  setSearch(text: string): void;
  loadMore(): void;
  /** Puts a saved record in the list: replaced where it is, or first when new. */
  upsert(row: Row): void;
  remove(id: number): void;
}

export function useRecords<Row extends { id: number }>(
  path: string,
  listKey: string,
): Records<Row> {
  const [rows, setRows] = useState<Row[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [search, setSearch] = useState("");
  const page = useRef(1);
  const latest = useRef(0);

  async function load(pageNumber: number, searchParam: string) {
    const request = ++latest.current;
    setLoading(true);
    try {
      const body = await api<Record<string, unknown>>(path, {
        query: { pageNumber, searchParam: searchParam.trim().toLowerCase() || undefined },
      });
      if (request !== latest.current) return;
      const found = (body[listKey] ?? []) as Row[];
      setRows((shown) =>
        pageNumber === 1
          ? found
          : [...shown, ...found.filter((row) => !shown.some((s) => s.id === row.id))]
      );
      setHasMore(body.hasMore === true);
      page.current = pageNumber;
    } catch {
      if (request === latest.current) pushToast({ tone: "error", messageKey: "admin.loadError" });
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }

  useEffect(() => {
    const timer = setTimeout(() => load(1, search), search ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [search]);

  return {
    rows,
    hasMore,
    loading,
    search,
    setSearch,
    loadMore: () => void load(page.current + 1, search),
    upsert(row) {
      setRows((shown) =>
        shown.some((s) => s.id === row.id)
          ? shown.map((s) => (s.id === row.id ? row : s))
          : [row, ...shown]
      );
    },
    remove(id) {
      setRows((shown) => shown.filter((s) => s.id !== id));
    },
  };
}
