/**
 * The users table's data: the first page comes with the page; typing searches (from 3
 * characters, after 500 ms of quiet, lower-cased; core §5, §9), scrolling loads the next
 * page, and `company-{id}-user` events keep the rows current (admin §2).
 */
import { channels } from "../../lib/realtime/channels.ts";
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { api, ApiError, errorMessage } from "../../lib/client/api.ts";
import { sharedRealtime } from "../../lib/client/session.ts";
import { pushToast } from "../../lib/ui/toast.ts";
import type { UserEvent } from "../../services/users/user_events.ts";
import type { UserView } from "../../services/users/user_view.ts";
import { useSearchTerm } from "../../lib/client/paged_list.ts";
import {
  removeUser,
  upsertUser,
  type UsersListState,
  type UsersPageAnswer,
  withPage,
} from "./list_state.ts";

export function useUsersList(initial: UsersPageAnswer, companyId: number) {
  const [state, setState] = useState<UsersListState>({ ...initial, pageNumber: 1 });
  const [typed, setTyped] = useState("");
  const search = useSearchTerm(typed);
  const [loading, setLoading] = useState(false);
  const searchRef = useRef(search);
  searchRef.current = search;
  /** Only the newest request may change the rows: an older answer arriving late is dropped. */
  const latest = useRef(0);

  const load = useCallback(async (pageNumber: number, term: string) => {
    const request = ++latest.current;
    setLoading(true);
    try {
      const answer = await api<UsersPageAnswer>("/api/users", {
        query: { searchParam: term || undefined, pageNumber },
      });
      if (request === latest.current) setState((current) => withPage(current, answer, pageNumber));
    } catch (err) {
      if (request === latest.current) pushToast({ tone: "error", message: errorMessage(err) });
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, []);

  // A new search starts again from page 1 (the page arrived already rendered for "").
  const searched = useRef(false);
  useEffect(() => {
    if (!searched.current && search === "") return;
    searched.current = true;
    void load(1, search);
  }, [search]);

  const loadMore = useCallback(() => {
    if (loading || !state.hasMore) return;
    void load(state.pageNumber + 1, searchRef.current);
  }, [loading, state.hasMore, state.pageNumber]);

  const upsert = useCallback((user: UserView) => {
    setState((current) => upsertUser(current, user, searchRef.current));
  }, []);
  const remove = useCallback((userId: number) => {
    setState((current) => removeUser(current, userId));
  }, []);

  useEffect(() => {
    return sharedRealtime().subscribe(channels.user(companyId), (data) => {
      const event = data as UserEvent;
      if (event.action === "delete") return remove(event.userId);
      // The event carries only what every colleague may see; the table shows more (e-mail,
      // settings), so the admin's page loads the user itself. Gone by then: drop the row.
      api<UserView>(`/api/users/${event.user.id}`).then(upsert, (err) => {
        if (err instanceof ApiError && err.status === 404) remove(event.user.id);
      });
    });
  }, [companyId]);

  return { state, typed, setTyped, loading, loadMore, upsert, remove };
}
