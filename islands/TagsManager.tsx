/**
 * The /tags page's list (admin §7 "Tags"): search, pages loaded on scroll, add, edit and
 * delete, and live updates from `company-{id}-tag` so every open tab stays current.
 */
import { useState } from "preact/hooks";
import { DeleteConfirmDialog } from "../components/lists/DeleteConfirmDialog.tsx";
import { SearchBox } from "../components/lists/SearchBox.tsx";
import { TagChip } from "../components/tags/TagChip.tsx";
import { TagDialog } from "../components/tags/TagDialog.tsx";
import type { TagRow } from "../components/tags/types.ts";
import { Badge } from "../components/ui/Badge.tsx";
import { Button } from "../components/ui/Button.tsx";
import { EmptyState } from "../components/ui/EmptyState.tsx";
import { Table, type TableColumn } from "../components/ui/Table.tsx";
import { TagIcon } from "../components/icons.tsx";
import { api } from "../lib/client/api.ts";
import { useChannel } from "../lib/client/channel.ts";
import { applyLiveEvent, byText } from "../lib/client/live_list.ts";
import { nearEnd, useDebounced, usePagedList } from "../lib/client/paged_list.ts";
import { useT } from "../lib/i18n/client.ts";
import { pushToast, toastError } from "../lib/ui/toast.ts";
import { ApiError } from "../lib/client/api.ts";

export interface TagsManagerProps {
  companyId: number;
  /** Admins (and the super user) decide which tags are kanban lanes. */
  canSetKanban: boolean;
}

type Editing = { tag?: TagRow } | null;

const byName = byText<TagRow>((tag) => tag.name);

export default function TagsManager({ companyId, canSetKanban }: TagsManagerProps) {
  const t = useT();
  const [search, setSearch] = useState("");
  const query = useDebounced(search).trim().toLowerCase();
  const list = usePagedList<TagRow>(async (pageNumber, searchParam) => {
    const page = await api<{ tags: TagRow[]; hasMore: boolean }>("/api/tags", {
      query: { pageNumber, searchParam: searchParam || undefined },
    });
    return { rows: page.tags, hasMore: page.hasMore };
  }, query);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TagRow | null>(null);

  const matches = (tag: TagRow) => tag.name.toLowerCase().includes(query);
  function apply(event: unknown) {
    list.setRows((rows) => applyLiveEvent(rows, event, { accepts: matches, compare: byName }));
  }
  useChannel(`company-${companyId}-tag`, apply);

  async function remove(tag: TagRow) {
    try {
      await api(`/api/tags/${tag.id}`, { method: "DELETE" });
    } catch (err) {
      toastError(err instanceof ApiError ? err.code : undefined);
      throw err;
    }
    apply({ action: "delete", id: tag.id });
    pushToast({ tone: "success", message: t("tags.deleted") });
  }

  const columns: TableColumn<TagRow>[] = [
    {
      key: "name",
      label: t("tags.columns.name"),
      cell: (tag) => <TagChip name={tag.name} color={tag.color} />,
    },
    {
      key: "tickets",
      label: t("tags.columns.tickets"),
      align: "center",
      cell: (tag) => <span class="tabular-nums">{tag.ticketsCount}</span>,
    },
    {
      key: "kanban",
      label: t("tags.columns.kanban"),
      align: "center",
      hideOnMobile: true,
      cell: (tag) =>
        tag.kanban === 1
          ? <Badge tone="brand">{t("tags.kanbanOn")}</Badge>
          : <span class="text-fg-subtle" aria-label={t("tags.kanbanOff")}>—</span>,
    },
    {
      key: "actions",
      label: t("tags.columns.actions"),
      align: "end",
      cell: (tag) => (
        <div class="flex justify-end gap-1">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setEditing({ tag })}
            aria-label={t("tags.edit", { name: tag.name })}
          >
            {t("tags.editShort")}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            class="text-red-700 hover:text-red-800 dark:text-red-400"
            onClick={() => setDeleting(tag)}
            aria-label={t("tags.delete", { name: tag.name })}
          >
            {t("tags.deleteShort")}
          </Button>
        </div>
      ),
    },
  ];

  const empty = list.loading
    ? <p class="py-8 text-center text-fg-muted">{t("common.loading")}</p>
    : query
    ? <EmptyState title={t("tags.noResults", { search: query })} />
    : (
      <EmptyState
        icon={<TagIcon />}
        title={t("tags.emptyTitle")}
        text={t("tags.emptyText")}
        action={<Button onClick={() => setEditing({})}>{t("tags.add")}</Button>}
      />
    );

  return (
    <div class="flex flex-col gap-4">
      <div class="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox
          value={search}
          label={t("tags.searchLabel")}
          placeholder={t("tags.searchPlaceholder")}
          onInput={setSearch}
          class="sm:w-80"
        />
        <Button onClick={() => setEditing({})}>{t("tags.add")}</Button>
      </div>
      <div
        class="max-h-[calc(100dvh-14rem)] min-h-64 overflow-y-auto rounded-(--radius-card)"
        onScroll={(event) => nearEnd(event.currentTarget) && list.loadMore()}
        data-testid="tags-scroll"
      >
        <Table
          columns={columns}
          rows={list.rows}
          rowKey={(tag) => tag.id}
          caption={t("tags.title")}
          empty={empty}
        />
        {list.loading && list.rows.length > 0 && (
          <p class="py-3 text-center text-[13px] text-fg-muted">{t("common.loading")}</p>
        )}
      </div>
      {editing && (
        <TagDialog
          tag={editing.tag}
          canSetKanban={canSetKanban}
          onSaved={(tag) => {
            apply({ action: editing.tag ? "update" : "create", record: tag });
            pushToast({ tone: "success", message: t("tags.saved") });
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteConfirmDialog
          id="tag-delete"
          title={t("tags.confirmDeleteTitle")}
          text={t("tags.confirmDeleteText", { name: deleting.name })}
          confirmLabel={t("tags.deleteShort")}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
