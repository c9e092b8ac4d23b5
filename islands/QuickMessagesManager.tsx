/**
 * The /quick-messages page's list (admin §7 "Quick messages"): the caller's own messages and
 * the company's shared ones, searchable, loaded on scroll, with add/edit/delete for those the
 * caller may change, and live updates from `channels.quickMessage`.
 */
import { channels } from "../lib/realtime/channels.ts";
import { useState } from "preact/hooks";
import { DeleteConfirmDialog } from "../components/lists/DeleteConfirmDialog.tsx";
import { ListLayout } from "../components/lists/ListLayout.tsx";
import { RowActions } from "../components/lists/RowActions.tsx";
import { QuickMessageDialog } from "./quick_messages/QuickMessageDialog.tsx";
import { mayChange, type QuickMessageRow } from "../components/quick_messages/types.ts";
import { Badge } from "../components/ui/Badge.tsx";
import { Button } from "../components/ui/Button.tsx";
import { EmptyState } from "../components/ui/EmptyState.tsx";
import { Table, type TableColumn } from "../components/ui/Table.tsx";
import { ChatIcon, PaperclipIcon } from "../components/icons.tsx";
import { api, ApiError } from "../lib/client/api.ts";
import { ownMediaAddress } from "../lib/client/media_url.ts";
import { useChannel } from "../lib/client/channel.ts";
import { applyLiveEvent, byText } from "../lib/client/live_list.ts";
import { useDebounced, usePagedList } from "../lib/client/paged_list.ts";
import { useT } from "../lib/i18n/client.ts";
import { pushToast, toastError } from "../lib/ui/toast.ts";

export interface QuickMessagesManagerProps {
  companyId: number;
  userId: number;
  /** Admins (and the super user) may also change the company's shared messages. */
  isAdmin: boolean;
}

type Editing = { record?: QuickMessageRow } | null;

const byShortcode = byText<QuickMessageRow>((row) => row.shortcode);

export default function QuickMessagesManager(
  { companyId, userId, isAdmin }: QuickMessagesManagerProps,
) {
  const t = useT();
  const viewer = { userId, isAdmin };
  const [search, setSearch] = useState("");
  const query = useDebounced(search).trim().toLowerCase();
  const list = usePagedList<QuickMessageRow>(async (pageNumber, searchParam) => {
    const page = await api<{ records: QuickMessageRow[]; hasMore: boolean }>(
      "/api/quick-messages",
      { query: { pageNumber, searchParam: searchParam || undefined } },
    );
    return { rows: page.records, hasMore: page.hasMore };
  }, query);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<QuickMessageRow | null>(null);

  const matches = (row: QuickMessageRow) =>
    row.shortcode.toLowerCase().includes(query) || row.message.toLowerCase().includes(query);
  function apply(event: unknown) {
    list.setRows((rows) => applyLiveEvent(rows, event, { accepts: matches, compare: byShortcode }));
  }
  useChannel(channels.quickMessage(companyId), apply);

  async function remove(row: QuickMessageRow) {
    try {
      await api(`/api/quick-messages/${row.id}`, { method: "DELETE" });
    } catch (err) {
      toastError(err instanceof ApiError ? err.code : undefined);
      throw err;
    }
    apply({ action: "delete", id: row.id });
    pushToast({ tone: "success", message: t("quickMessages.deleted") });
  }

  const columns: TableColumn<QuickMessageRow>[] = [
    {
      key: "shortcode",
      label: t("quickMessages.columns.shortcode"),
      cell: (row) => (
        <div class="flex min-w-0 flex-col gap-1">
          <div class="flex flex-wrap items-center gap-2">
            <span class="font-mono font-semibold text-fg">/{row.shortcode}</span>
            {row.geral && <Badge tone="info">{t("quickMessages.shared")}</Badge>}
            {!row.status && <Badge>{t("quickMessages.inactive")}</Badge>}
          </div>
          {row.message && (
            <span class="line-clamp-1 max-w-md text-[13px] text-fg-muted">{row.message}</span>
          )}
          {row.mediaName && (
            // Phones hide the attachment column; the attachment's name shows here instead.
            <span class="flex items-center gap-1 truncate text-[13px] text-fg-muted sm:hidden">
              <PaperclipIcon size={14} class="shrink-0" />
              {row.mediaName}
            </span>
          )}
        </div>
      ),
    },
    {
      key: "attachment",
      label: t("quickMessages.columns.attachment"),
      hideOnMobile: true,
      cell: (row) =>
        row.mediaPath
          ? (
            <a
              href={ownMediaAddress(row.mediaPath) ?? undefined}
              target="_blank"
              rel="noopener"
              class="block max-w-56 truncate text-brand-700 underline dark:text-brand-300"
            >
              {row.mediaName}
            </a>
          )
          : <span class="text-fg-subtle">{t("quickMessages.noAttachment")}</span>,
    },
    {
      key: "actions",
      label: t("quickMessages.columns.actions"),
      align: "end",
      cell: (row) =>
        mayChange(row, viewer) && (
          <RowActions
            editName={t("quickMessages.edit", { shortcode: row.shortcode })}
            deleteName={t("quickMessages.delete", { shortcode: row.shortcode })}
            onEdit={() => setEditing({ record: row })}
            onDelete={() => setDeleting(row)}
          />
        ),
    },
  ];

  const empty = list.loading
    ? <p class="py-8 text-center text-fg-muted">{t("common.loading")}</p>
    : query
    ? <EmptyState title={t("quickMessages.noResults", { search: query })} />
    : (
      <EmptyState
        icon={<ChatIcon />}
        title={t("quickMessages.emptyTitle")}
        text={t("quickMessages.emptyText")}
        action={<Button onClick={() => setEditing({})}>{t("quickMessages.add")}</Button>}
      />
    );

  return (
    <>
      <ListLayout
        search={search}
        onSearch={setSearch}
        searchLabel={t("quickMessages.searchLabel")}
        searchPlaceholder={t("quickMessages.searchPlaceholder")}
        addLabel={t("quickMessages.add")}
        onAdd={() => setEditing({})}
        onNearEnd={list.loadMore}
        loadingMore={list.loading && list.rows.length > 0 ? t("common.loading") : undefined}
        scrollTestId="quick-messages-scroll"
      >
        <Table
          columns={columns}
          rows={list.rows}
          rowKey={(row) => row.id}
          caption={t("quickMessages.title")}
          empty={empty}
        />
      </ListLayout>
      {editing && (
        <QuickMessageDialog
          record={editing.record}
          sharedByDefault={isAdmin}
          onSaved={(record) => {
            apply({ action: "update", record });
            pushToast({ tone: "success", message: t("quickMessages.saved") });
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteConfirmDialog
          id="quick-message-delete"
          title={t("quickMessages.confirmDeleteTitle")}
          text={t("quickMessages.confirmDeleteText", { shortcode: deleting.shortcode })}
          confirmLabel={t("quickMessages.deleteShort")}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
