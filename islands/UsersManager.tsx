/**
 * The /users page's working area (core §2, admin section): search, the users table with
 * infinite scroll, and the add/edit and delete dialogs. Rows follow live events, so two
 * admins working at once see each other's changes.
 */
import { useRef, useState } from "preact/hooks";
import { PlusIcon, SearchIcon, UsersIcon } from "../components/icons.tsx";
import { Button } from "../components/ui/Button.tsx";
import { EmptyState } from "../components/ui/EmptyState.tsx";
import { UsersTable } from "../components/users/UsersTable.tsx";
import { useT } from "../lib/i18n/client.ts";
import type { UsersPageData } from "../services/users/page_data.ts";
import type { UserView } from "../services/users/user_view.ts";
import { DeleteUserDialog } from "./users/DeleteUserDialog.tsx";
import { UserFormDialog } from "./users/UserFormDialog.tsx";
import { useUsersList } from "./users/use_users_list.ts";
import { nearEnd, useFillScroller } from "../lib/client/paged_list.ts";

export type UsersManagerProps = UsersPageData;

export default function UsersManager(props: UsersManagerProps) {
  const t = useT();
  const list = useUsersList(props.initial, props.companyId);
  const [editing, setEditing] = useState<UserView | "new" | null>(null);
  const [deleting, setDeleting] = useState<UserView | null>(null);
  const scroller = useRef<HTMLDivElement>(null);

  useFillScroller(scroller, list);

  return (
    <section class="flex flex-col gap-5">
      <header class="flex flex-wrap items-end justify-between gap-3">
        <div class="min-w-0">
          <h1 class="text-2xl font-semibold tracking-tight text-fg">{t("users.title")}</h1>
          <p class="mt-1 text-sm text-fg-muted">{t("users.subtitle")}</p>
        </div>
        <Button onClick={() => setEditing("new")}>
          <PlusIcon size={18} />
          {t("users.add")}
        </Button>
      </header>

      <div class="overflow-hidden rounded-(--radius-card) border border-line bg-surface shadow-(--shadow-card)">
        <div class="flex flex-wrap items-center gap-3 border-b border-line px-4 py-3">
          <label class="relative w-full min-w-0 sm:w-auto sm:max-w-sm sm:flex-1">
            <span class="sr-only">{t("users.searchLabel")}</span>
            <SearchIcon
              size={18}
              class="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-fg-subtle"
            />
            <input
              type="search"
              value={list.typed}
              onInput={(event) => list.setTyped((event.currentTarget as HTMLInputElement).value)}
              placeholder={t("users.searchPlaceholder")}
              class="h-10 w-full rounded-lg border border-line-strong bg-surface pl-10 pr-3 text-sm text-fg shadow-sm placeholder:text-fg-subtle hover:border-fg-subtle focus-visible:border-brand-500"
            />
          </label>
          <p class="text-[13px] text-fg-subtle sm:ml-auto" aria-live="polite">
            {t("users.count", { count: list.count })}
          </p>
        </div>
        <div
          ref={scroller}
          data-testid="users-scroll"
          class="max-h-[calc(100dvh-16rem)] min-h-64 overflow-y-auto"
          onScroll={(event) => nearEnd(event.currentTarget as HTMLElement) && list.loadMore()}
        >
          <UsersTable
            users={list.rows}
            currentUserId={props.currentUserId}
            t={t}
            onEdit={setEditing}
            onDelete={setDeleting}
            empty={
              <EmptyState
                icon={<UsersIcon size={22} />}
                title={t("users.empty.title")}
                text={t("users.empty.text")}
              />
            }
          />
          {list.loading && list.page > 0 && list.rows.length > 0 && (
            <p class="px-4 py-3 text-center text-[13px] text-fg-subtle" role="status">
              {t("users.loadingMore")}
            </p>
          )}
        </div>
      </div>

      <UserFormDialog
        target={editing}
        queues={props.queues}
        connections={props.connections}
        permissions={props.permissions}
        currentUserId={props.currentUserId}
        onSaved={list.upsert}
        onClose={() => setEditing(null)}
      />
      <DeleteUserDialog
        target={deleting}
        onDeleted={list.remove}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
