/**
 * /contact-lists/{id}/contacts (admin §2 "Items page"): the list's contacts with the
 * WhatsApp mark, search, add, and the spreadsheet import with a progress bar (the upload,
 * then the server's own progress over `company-{id}-ContactListItem-{listId}`) and the
 * per-row report (added, duplicate, invalid, not on WhatsApp).
 */
import { useState } from "preact/hooks";
import { channels } from "../lib/realtime/channels.ts";
import { DeleteConfirmDialog } from "../components/lists/DeleteConfirmDialog.tsx";
import { RowActions } from "../components/lists/RowActions.tsx";
import { Badge } from "../components/ui/Badge.tsx";
import { Button, buttonClasses } from "../components/ui/Button.tsx";
import type { TableColumn } from "../components/ui/Table.tsx";
import { deleteRow, SearchableTable } from "./campaigns/SearchableTable.tsx";
import { api, ApiError } from "../lib/client/api.ts";
import { useChannel } from "../lib/client/channel.ts";
import { applyLiveEvent, byText } from "../lib/client/live_list.ts";
import { useDebounced, usePagedList } from "../lib/client/paged_list.ts";
import { useT } from "../lib/i18n/client.ts";
import { pushToast, toastError } from "../lib/ui/toast.ts";
import { ItemDialog, type ItemRow } from "./campaigns/ItemDialog.tsx";
import { type ImportReport, ImportReportView, uploadWithProgress } from "./campaigns/import.tsx";

const byName = byText<ItemRow>((row) => row.name);

export default function ContactListItemsManager(
  { companyId, listId }: { companyId: number; listId: number },
) {
  const t = useT();
  const [search, setSearch] = useState("");
  const query = useDebounced(search).trim().toLowerCase();
  const list = usePagedList<ItemRow>(async (pageNumber, searchParam) => {
    const page = await api<{ contacts: ItemRow[]; hasMore: boolean }>("/api/contact-list-items", {
      query: { pageNumber, contactListId: listId, searchParam: searchParam || undefined },
    });
    return { rows: page.contacts, hasMore: page.hasMore };
  }, query);
  const [editing, setEditing] = useState<{ row?: ItemRow } | null>(null);
  const [deleting, setDeleting] = useState<ItemRow | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);

  const apply = (event: unknown) =>
    list.setRows((rows) =>
      applyLiveEvent(rows, event, {
        accepts: (row) => row.name.toLowerCase().includes(query),
        compare: byName,
      })
    );
  useChannel(channels.contactListItemsOf(companyId, listId), (data) => {
    const event = data as { action: string; done?: number; total?: number };
    if (event.action === "progress" && event.total) {
      // The upload is the first half of the bar, the server's work the second.
      setProgress(50 + Math.round((event.done! / event.total) * 50));
    } else if (event.action === "reload") list.reload();
    else apply(data);
  });

  async function importFile(file: File) {
    setReport(null);
    setProgress(0);
    try {
      const answer = await uploadWithProgress(
        `/api/contact-lists/${listId}/upload`,
        file,
        (fraction) => setProgress(Math.round(fraction * 50)),
      );
      setReport(answer);
      list.reload();
    } catch (err) {
      toastError(err instanceof ApiError ? err.code : undefined);
    } finally {
      setProgress(null);
    }
  }

  const remove = (row: ItemRow) =>
    deleteRow(
      `/api/contact-list-items/${row.id}`,
      () => apply({ action: "delete", id: row.id }),
      () => pushToast({ tone: "success", message: t("campaigns.items.deleted") }),
    );

  const columns: TableColumn<ItemRow>[] = [
    {
      key: "name",
      label: t("campaigns.items.name"),
      cell: (row) => (
        <>
          {row.name}
          {/* On a phone the number stands under the name, so the actions stay in view. */}
          <span class="block text-[12px] text-fg-subtle tabular-nums sm:hidden">{row.number}</span>
        </>
      ),
    },
    {
      key: "number",
      label: t("campaigns.items.number"),
      hideOnMobile: true,
      cell: (row) => <span class="tabular-nums">{row.number}</span>,
    },
    {
      key: "email",
      label: t("campaigns.items.email"),
      hideOnMobile: true,
      cell: (row) => row.email,
    },
    {
      key: "valid",
      label: t("campaigns.items.whatsapp"),
      align: "center",
      cell: (row) =>
        row.isWhatsappValid === null
          ? <Badge tone="neutral">{t("campaigns.items.unchecked")}</Badge>
          : row.isWhatsappValid
          ? <Badge tone="success" dot>{t("campaigns.items.valid")}</Badge>
          : <Badge tone="danger" dot>{t("campaigns.items.invalid")}</Badge>,
    },
    {
      key: "actions",
      label: t("campaigns.columns.actions"),
      align: "end",
      cell: (row) => (
        <RowActions
          editName={t("campaigns.items.edit", { name: row.name })}
          deleteName={t("campaigns.items.delete", { name: row.name })}
          onEdit={() => setEditing({ row })}
          onDelete={() => setDeleting(row)}
        />
      ),
    },
  ];

  return (
    <>
      <div class="flex flex-wrap items-center gap-3">
        <Button variant="secondary" href="/contact-lists">
          {t("campaigns.items.backToLists")}
        </Button>
        <label class={buttonClasses("secondary") + " cursor-pointer"}>
          {t("campaigns.items.import")}
          <input
            type="file"
            class="sr-only"
            data-testid="list-import"
            accept=".xlsx,.xls,.csv"
            disabled={progress !== null}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = "";
              if (file) void importFile(file);
            }}
          />
        </label>
        <span class="text-[13px] text-fg-subtle">{t("campaigns.items.importHint")}</span>
      </div>
      {progress !== null && (
        <div class="flex flex-col gap-1" role="status">
          <span class="text-[13px] text-fg-muted">
            {t("campaigns.items.importing", { percent: progress })}
          </span>
          <progress class="h-2 w-full" max={100} value={progress} data-testid="import-progress" />
        </div>
      )}
      {report && <ImportReportView report={report} onClose={() => setReport(null)} />}
      <SearchableTable
        search={search}
        onSearch={setSearch}
        keys={{
          search: "campaigns.items.search",
          add: "campaigns.items.add",
          caption: "campaigns.items.title",
          empty: "campaigns.items.empty",
        }}
        onAdd={() => setEditing({})}
        list={list}
        columns={columns}
      />
      {editing && (
        <ItemDialog
          listId={listId}
          row={editing.row}
          onSaved={(row) => apply({ action: editing.row ? "update" : "create", record: row })}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteConfirmDialog
          id="list-item-delete"
          title={t("campaigns.items.confirmDelete")}
          text={t("campaigns.items.confirmDeleteText", { name: deleting.name })}
          confirmLabel={t("campaigns.delete")}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
