/**
 * A paged, searchable list of records for the administration tables (`GET /api/<area>` with
 * `searchParam` and `pageNumber`, answering `{<listKey>: [...], hasMore}`). Searches wait
 * 500 ms after the last keystroke (admin §9); an answer to an older search is dropped, and
 * a failed load shows the spec's "Não foi possível carregar a lista de registros".
 */
import { useState } from "preact/hooks";
import type { Records } from "../../components/admin/RecordTable.tsx";
import { api } from "../../lib/client/api.ts";
import { SEARCH_DEBOUNCE_MS, useDebounced, usePagedList } from "../../lib/client/paged_list.ts";
import { pushToast } from "../../lib/ui/toast.ts";

export function useRecords<Row extends { id: number }>(
  path: string,
  listKey: string,
): Records<Row> {
  const [search, setSearch] = useState("");
  // Clearing the box lists everything again at once; a search waits for typing to pause.
  const settled = useDebounced(search, search ? SEARCH_DEBOUNCE_MS : 0);
  const list = usePagedList<Row>(
    async (pageNumber, searchParam) => {
      const body = await api<Record<string, unknown>>(path, {
        query: { pageNumber, searchParam: searchParam || undefined },
      });
      return { rows: (body[listKey] ?? []) as Row[], hasMore: body.hasMore === true };
    },
    settled,
    { onError: () => pushToast({ tone: "error", messageKey: "admin.loadError" }) },
  );

  return {
    rows: list.rows,
    hasMore: list.hasMore,
    loading: list.loading,
    search,
    setSearch,
    loadMore: list.loadMore,
    upsert(row) {
      list.setRows((shown) =>
        shown.some((s) => s.id === row.id)
          ? shown.map((s) => (s.id === row.id ? row : s))
          : [row, ...shown]
      );
    },
    remove(id) {
      list.setRows((shown) => shown.filter((s) => s.id !== id));
    },
  };
}
