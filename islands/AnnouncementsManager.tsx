/**
 * The /announcements page's list (admin §2, super user only): title, priority, attachment,
 * status and actions; search, pages loaded on scroll, add, edit and delete, kept current by
 * the live announcements channel.
 */
import { useState } from "preact/hooks";
import { PriorityBadge } from "../components/announcements/PriorityBadge.tsx";
import type { AnnouncementRow } from "../components/announcements/types.ts";
import { BellIcon } from "../components/shell/icons.tsx";
import { DeleteConfirmDialog } from "../components/lists/DeleteConfirmDialog.tsx";
import { ListLayout } from "../components/lists/ListLayout.tsx";
import { RowActions } from "../components/lists/RowActions.tsx";
import { PaperclipIcon } from "../components/icons.tsx";
import { Badge } from "../components/ui/Badge.tsx";
import { Button } from "../components/ui/Button.tsx";
import { EmptyState } from "../components/ui/EmptyState.tsx";
import { Table, type TableColumn } from "../components/ui/Table.tsx";
import { api, ApiError } from "../lib/client/api.ts";
import { useChannel } from "../lib/client/channel.ts";
import { applyLiveEvent } from "../lib/client/live_list.ts";
import { ownMediaAddress } from "../lib/client/media_url.ts";
import { useDebounced, usePagedList } from "../lib/client/paged_list.ts";
import { useT } from "../lib/i18n/client.ts";
import { channels } from "../lib/realtime/channels.ts";
import { pushToast, toastError } from "../lib/ui/toast.ts";
import { AnnouncementDialog } from "./announcements/AnnouncementDialog.tsx";

type Editing = { record?: AnnouncementRow } | null;

/** Newest first, as the server lists them. */
const newestFirst = (a: AnnouncementRow, b: AnnouncementRow) =>
  b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

export default function AnnouncementsManager() {
  const t = useT();
  const [search, setSearch] = useState("");
  const query = useDebounced(search).trim().toLowerCase();
  const list = usePagedList<AnnouncementRow>(async (pageNumber, searchParam) => {
    const page = await api<{ records: AnnouncementRow[]; hasMore: boolean }>(
      "/api/announcements",
      { query: { pageNumber, searchParam: searchParam || undefined } },
    );
    return { rows: page.records, hasMore: page.hasMore };
  }, query);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AnnouncementRow | null>(null);

  const matches = (row: AnnouncementRow) =>
    `${row.title}\n${row.text}`.toLowerCase().includes(query);
  function apply(event: unknown) {
    list.setRows((rows) => applyLiveEvent(rows, event, { accepts: matches, compare: newestFirst }));
  }
  useChannel(channels.announcements(), apply);

  async function remove(row: AnnouncementRow) {
    try {
      await api(`/api/announcements/${row.id}`, { method: "DELETE" });
    } catch (err) {
      toastError(err instanceof ApiError ? err.code : undefined);
      throw err;
    }
    apply({ action: "delete", id: row.id });
    pushToast({ tone: "success", message: t("announcements.deleted") });
  }

  const columns: TableColumn<AnnouncementRow>[] = [
    {
      key: "title",
      label: t("announcements.columns.title"),
      cell: (row) => (
        <div class="min-w-0">
          <p class="font-medium text-fg">{row.title}</p>
          <p class="line-clamp-1 max-w-md text-[13px] text-fg-muted">{row.text}</p>
        </div>
      ),
    },
    {
      key: "priority",
      label: t("announcements.columns.priority"),
      align: "center",
      cell: (row) => (
        <PriorityBadge
          priority={row.priority}
          label={t(`announcements.priorities.${row.priority}`)}
        />
      ),
    },
    {
      key: "media",
      label: t("announcements.columns.media"),
      align: "center",
      hideOnMobile: true,
      cell: (row) =>
        row.mediaPath
          ? (
            <a
              href={ownMediaAddress(row.mediaPath)!}
              target="_blank"
              rel="noopener"
              class="inline-flex max-w-40 items-center gap-1 text-[13px] text-brand-700 underline dark:text-brand-300"
            >
              <PaperclipIcon size={14} />
              <span class="truncate">{row.mediaName}</span>
            </a>
          )
          : <span class="text-fg-subtle" aria-label={t("announcements.noMedia")}>—</span>,
    },
    {
      key: "status",
      label: t("announcements.columns.status"),
      align: "center",
      hideOnMobile: true,
      cell: (row) => (
        <Badge tone={row.status ? "success" : "neutral"}>
          {t(row.status ? "announcements.active" : "announcements.inactive")}
        </Badge>
      ),
    },
    {
      key: "actions",
      label: t("announcements.columns.actions"),
      align: "end",
      cell: (row) => (
        <RowActions
          editName={t("announcements.edit", { title: row.title })}
          deleteName={t("announcements.delete", { title: row.title })}
          onEdit={() => setEditing({ record: row })}
          onDelete={() => setDeleting(row)}
        />
      ),
    },
  ];

  const empty = list.loading
    ? <p class="py-8 text-center text-fg-muted">{t("common.loading")}</p>
    : query
    ? <EmptyState title={t("announcements.noResults", { search: query })} />
    : (
      <EmptyState
        icon={<BellIcon />}
        title={t("announcements.emptyTitle")}
        text={t("announcements.emptyText")}
        action={<Button onClick={() => setEditing({})}>{t("announcements.add")}</Button>}
      />
    );

  return (
    <>
      <ListLayout
        search={search}
        onSearch={setSearch}
        searchLabel={t("announcements.searchLabel")}
        searchPlaceholder={t("announcements.searchPlaceholder")}
        addLabel={t("announcements.add")}
        onAdd={() => setEditing({})}
        onNearEnd={list.loadMore}
        loadingMore={list.loading && list.rows.length > 0 ? t("common.loading") : undefined}
        scrollTestId="announcements-scroll"
      >
        <Table
          columns={columns}
          rows={list.rows}
          rowKey={(row) => row.id}
          caption={t("announcements.title")}
          empty={empty}
        />
      </ListLayout>
      {editing && (
        <AnnouncementDialog
          record={editing.record}
          onSaved={(record, created) => {
            apply({ action: created ? "create" : "update", record });
            pushToast({ tone: "success", message: t("announcements.saved") });
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteConfirmDialog
          id="announcement-delete"
          title={t("announcements.confirmDeleteTitle")}
          text={t("announcements.confirmDeleteText", { title: deleting.title })}
          confirmLabel={t("announcements.deleteShort")}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
