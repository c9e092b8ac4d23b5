/**
 * The /tags page's list (admin §7 "Tags"): search, pages loaded on scroll, add, edit and
 * delete, and live updates from `company-{id}-tag` so every open tab stays current.
 */
import { channels } from "../lib/realtime/channels.ts";
import { useState } from "preact/hooks";
import { DeleteConfirmDialog } from "../components/lists/DeleteConfirmDialog.tsx";
import { ListLayout } from "../components/lists/ListLayout.tsx";
import { RowActions } from "../components/lists/RowActions.tsx";
import { TagChip } from "../components/tags/TagChip.tsx";
import { TagDialog } from "./tags/TagDialog.tsx";
import type { TagRow } from "../components/tags/types.ts";
import { Badge } from "../components/ui/Badge.tsx";
import { Button } from "../components/ui/Button.tsx";
import { EmptyState } from "../components/ui/EmptyState.tsx";
import { Table, type TableColumn } from "../components/ui/Table.tsx";
import { TagIcon } from "../components/icons.tsx";
import { api } from "../lib/client/api.ts";
import { useChannel } from "../lib/client/channel.ts";
import { applyLiveEvent, byText } from "../lib/client/live_list.ts";
import { useDebounced, usePagedList } from "../lib/client/paged_list.ts";
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
  useChannel(channels.tag(companyId), apply);

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
      // On a phone the count pushed the edit and delete buttons out of the table's view.
      hideOnMobile: true,
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
        <RowActions
          editName={t("tags.edit", { name: tag.name })}
          deleteName={t("tags.delete", { name: tag.name })}
          onEdit={() => setEditing({ tag })}
          onDelete={() => setDeleting(tag)}
        />
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
    <>
      <ListLayout
        search={search}
        onSearch={setSearch}
        searchLabel={t("tags.searchLabel")}
        searchPlaceholder={t("tags.searchPlaceholder")}
        addLabel={t("tags.add")}
        onAdd={() => setEditing({})}
        onNearEnd={list.loadMore}
        loadingMore={list.loading && list.rows.length > 0 ? t("common.loading") : undefined}
        scrollTestId="tags-scroll"
      >
        <Table
          columns={columns}
          rows={list.rows}
          rowKey={(tag) => tag.id}
          caption={t("tags.title")}
          empty={empty}
        />
      </ListLayout>
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
    </>
  );
}
