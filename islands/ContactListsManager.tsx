/**
 * /contact-lists (admin §2 "Contact lists"): the company's lists with their number of
 * contacts; a list opens its contacts page. Live through `company-{id}-ContactList`.
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
import { useDebounced, usePagedList } from "../lib/client/paged_list.ts";
import { useT } from "../lib/i18n/client.ts";
import { pushToast } from "../lib/ui/toast.ts";
import { NameDialog } from "./campaigns/NameDialog.tsx";

interface ContactListRow {
  id: number;
  name: string;
  contactsCount: number;
}

const byName = byText<ContactListRow>((row) => row.name);

export default function ContactListsManager({ companyId }: { companyId: number }) {
  const t = useT();
  const [search, setSearch] = useState("");
  const query = useDebounced(search).trim().toLowerCase();
  const list = usePagedList<ContactListRow>(async (pageNumber, searchParam) => {
    const page = await api<{ records: ContactListRow[]; hasMore: boolean }>(
      "/api/contact-lists",
      { query: { pageNumber, searchParam: searchParam || undefined } },
    );
    return { rows: page.records, hasMore: page.hasMore };
  }, query);
  const [editing, setEditing] = useState<{ row?: ContactListRow } | null>(null);
  const [deleting, setDeleting] = useState<ContactListRow | null>(null);
  const apply = (event: unknown) =>
    list.setRows((rows) =>
      applyLiveEvent(rows, event, {
        accepts: (row) => row.name.toLowerCase().includes(query),
        compare: byName,
      })
    );
  useChannel(channels.contactList(companyId), apply);

  const remove = (row: ContactListRow) =>
    deleteRow(
      `/api/contact-lists/${row.id}`,
      () => apply({ action: "delete", id: row.id }),
      () => pushToast({ tone: "success", message: t("campaigns.lists.deleted") }),
    );

  const columns: TableColumn<ContactListRow>[] = [
    {
      key: "name",
      label: t("campaigns.lists.columns.name"),
      cell: (row) => (
        <a
          class="font-medium text-brand-700 hover:underline dark:text-brand-300"
          href={`/contact-lists/${row.id}/contacts`}
        >
          {row.name}
        </a>
      ),
    },
    {
      key: "contacts",
      label: t("campaigns.lists.columns.contacts"),
      align: "center",
      cell: (row) => <span class="tabular-nums">{row.contactsCount}</span>,
    },
    namedRowActions<ContactListRow>(
      t,
      "campaigns.lists",
      (row) => setEditing({ row }),
      setDeleting,
    ),
  ];

  return (
    <>
      <SearchableTable
        search={search}
        onSearch={setSearch}
        keys={listKeys("campaigns.lists")}
        onAdd={() => setEditing({})}
        list={list}
        columns={columns}
      />
      {editing && (
        <NameDialog
          id="contact-list-dialog"
          title={t(editing.row ? "campaigns.lists.editTitle" : "campaigns.lists.createTitle")}
          label={t("campaigns.lists.columns.name")}
          initial={editing.row?.name ?? ""}
          save={(name) =>
            api<ContactListRow>(
              editing.row ? `/api/contact-lists/${editing.row.id}` : "/api/contact-lists",
              { method: editing.row ? "PUT" : "POST", body: { name } },
            )}
          onSaved={(row) => apply({ action: editing.row ? "update" : "create", record: row })}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteConfirmDialog
          id="contact-list-delete"
          title={t("campaigns.lists.confirmDelete")}
          text={t("campaigns.lists.confirmDeleteText", { name: deleting.name })}
          confirmLabel={t("campaigns.delete")}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
