/**
 * /files (admin §2 "Files"): the company's file lists with how many files each holds; the
 * dialog adds and edits a list with its options and their uploads. Live through
 * `company-{id}-file`.
 */
import { useState } from "preact/hooks";
import { channels } from "../lib/realtime/channels.ts";
import { DeleteConfirmDialog } from "../components/lists/DeleteConfirmDialog.tsx";
import type { TableColumn } from "../components/ui/Table.tsx";
import {
  deleteRow,
  listKeys,
  namedRowActions,
  SearchableTable,
} from "./campaigns/SearchableTable.tsx";
import { api } from "../lib/client/api.ts";
import { useChannel } from "../lib/client/channel.ts";
import { applyLiveEvent, byText } from "../lib/client/live_list.ts";
import { usePagedList, useSearchTerm } from "../lib/client/paged_list.ts";
import { useT } from "../lib/i18n/client.ts";
import { pushToast } from "../lib/ui/toast.ts";
import type { FileList } from "../services/files/files.ts";
import { FileListDialog } from "./campaigns/FileListDialog.tsx";

const byName = byText<FileList>((row) => row.name);

/** The server's events name the record `fileList` and a deleted one `fileId`. */
function asLiveEvent(data: unknown): unknown {
  const event = data as { action: string; fileList?: FileList; fileId?: number };
  return event.action === "delete"
    ? { action: "delete", id: event.fileId }
    : { action: event.action, record: event.fileList };
}

export default function FilesManager({ companyId }: { companyId: number }) {
  const t = useT();
  const [search, setSearch] = useState("");
  const query = useSearchTerm(search);
  const list = usePagedList<FileList>(async (pageNumber, searchParam) => {
    const page = await api<{ files: FileList[]; hasMore: boolean }>("/api/files", {
      query: { pageNumber, searchParam: searchParam || undefined },
    });
    return { rows: page.files, hasMore: page.hasMore };
  }, query);
  const [editing, setEditing] = useState<{ row?: FileList } | null>(null);
  const [deleting, setDeleting] = useState<FileList | null>(null);
  const apply = (event: unknown) =>
    list.setRows((rows) =>
      applyLiveEvent(rows, event, {
        accepts: (row) => row.name.toLowerCase().includes(query),
        compare: byName,
      })
    );
  useChannel(channels.file(companyId), (data) => apply(asLiveEvent(data)));

  const remove = (row: FileList) =>
    deleteRow(
      `/api/files/${row.id}`,
      () => apply({ action: "delete", id: row.id }),
      () => pushToast({ tone: "success", message: t("campaigns.files.deleted") }),
    );

  const columns: TableColumn<FileList>[] = [
    {
      key: "name",
      label: t("campaigns.files.columns.name"),
      cell: (row) => (
        <span class="flex min-w-0 flex-col">
          <span class="truncate font-medium">{row.name}</span>
          <span class="truncate text-[13px] text-fg-subtle">{row.message}</span>
        </span>
      ),
    },
    {
      key: "files",
      label: t("campaigns.files.columns.files"),
      hideOnMobile: true,
      cell: (row) => (
        <span class="tabular-nums">
          {t("campaigns.files.count", { count: row.options.filter((o) => o.path).length })}
        </span>
      ),
    },
    namedRowActions<FileList>(t, "campaigns.files", (row) => setEditing({ row }), setDeleting),
  ];

  return (
    <>
      <SearchableTable
        search={search}
        onSearch={setSearch}
        keys={listKeys("campaigns.files")}
        onAdd={() => setEditing({})}
        list={list}
        columns={columns}
      />
      {editing && (
        <FileListDialog
          fileListId={editing.row?.id}
          onSaved={(saved) => {
            apply({ action: editing.row ? "update" : "create", record: saved });
            pushToast({ tone: "success", message: t("campaigns.files.saved") });
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteConfirmDialog
          id="file-list-delete"
          title={t("campaigns.files.confirmDelete")}
          text={t("campaigns.files.confirmDeleteText", { name: deleting.name })}
          confirmLabel={t("campaigns.delete")}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
