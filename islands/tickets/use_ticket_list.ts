/**
 * One ticket list of the screen: its first page loads when it is first shown (and again when
 * its filters change), further pages by keyset cursor, and realtime events adjust it in
 * place through `applyTicketEvent`.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { api } from "../../lib/client/api.ts";
import { pushToast } from "../../lib/ui/toast.ts";
import type { Ticket } from "../../services/tickets/rows.ts";
import { applyTicketEvent, type ListFilter, listQuery } from "./list_state.ts";

interface TicketPage {
  tickets: Ticket[];
  hasMore: boolean;
  nextCursor: string | null;
}

export interface TicketList {
  rows: Ticket[];
  hasMore: boolean;
  loading: boolean;
  /** Whether a first page has arrived for the current filters. */
  loaded: boolean;
  loadMore: () => void;
  apply: (event: unknown) => void;
}

export function useTicketList(filter: ListFilter, shown: boolean): TicketList {
  const [rows, setRows] = useState<Ticket[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const cursor = useRef<string | null>(null);
  const generation = useRef(0);
  const busy = useRef(false);
  const latestFilter = useRef(filter);
  latestFilter.current = filter;
  const query = listQuery(filter);
  const key = JSON.stringify(query);

  const fetchPage = useCallback(async (first: boolean) => {
    const mine = first ? ++generation.current : generation.current;
    busy.current = true;
    setLoading(true);
    try {
      const page = await api<TicketPage>("/api/tickets", {
        query: { ...listQuery(latestFilter.current), cursor: first ? undefined : cursor.current },
      });
      if (mine !== generation.current) return; // the filters changed meanwhile
      cursor.current = page.nextCursor;
      setRows((current) => first ? page.tickets : mergeById(current, page.tickets));
      setHasMore(page.hasMore);
      setLoadedKey(JSON.stringify(listQuery(latestFilter.current)));
    } catch {
      if (mine === generation.current) {
        pushToast({ tone: "error", messageKey: "tickets.loadError" });
      }
    } finally {
      if (mine === generation.current) {
        busy.current = false;
        setLoading(false);
      }
    }
  }, []);

  useEffect(() => {
    if (shown && loadedKey !== key) void fetchPage(true);
  }, [shown, key]);

  const loadMore = useCallback(() => {
    if (!busy.current && cursor.current) void fetchPage(false);
  }, [fetchPage]);

  const apply = useCallback((event: unknown) => {
    setRows((current) => applyTicketEvent(current, event, latestFilter.current));
  }, []);

  return { rows, hasMore, loading, loaded: loadedKey === key, loadMore, apply };
}

function mergeById(current: Ticket[], more: Ticket[]): Ticket[] {
  const known = new Set(current.map((row) => row.id));
  return [...current, ...more.filter((row) => !known.has(row.id))];
}
