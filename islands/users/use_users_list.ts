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
import { usePagedList, useSearchTerm } from "../../lib/client/paged_list.ts";
import { removeUser, upsertUser, type UsersPageAnswer } from "./list_state.ts";

export function useUsersList(initial: UsersPageAnswer, companyId: number) {
  const [typed, setTyped] = useState("");
  const search = useSearchTerm(typed);
  const searchRef = useRef(search);
  searchRef.current = search;

  const list = usePagedList<UserView>(
    async (pageNumber, term) => {
      const answer = await api<UsersPageAnswer>("/api/users", {
        query: { searchParam: term || undefined, pageNumber },
      });
      return { rows: answer.users, count: answer.count, hasMore: answer.hasMore };
    },
    search,
    {
      initial: { rows: initial.users, count: initial.count, hasMore: initial.hasMore },
      keepRowsWhileSearching: true,
      onError: (err) => pushToast({ tone: "error", message: errorMessage(err) }),
    },
  );
  const { update } = list;

  const upsert = useCallback((user: UserView) => {
    update((current) => upsertUser(current, user, searchRef.current));
  }, [update]);
  const remove = useCallback((userId: number) => {
    update((current) => removeUser(current, userId));
  }, [update]);

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

  return { ...list, typed, setTyped, upsert, remove };
}
