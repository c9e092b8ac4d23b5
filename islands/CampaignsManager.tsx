/**
 * /campaigns (admin §2 "Campaigns"): name, status, contact list, connection, time and end,
 * with stop (running), restart (cancelled), report, edit and delete; the dialog adds and
 * edits. Live through `company-{id}-campaign`.
 */
import { useState } from "preact/hooks";
import { channels } from "../lib/realtime/channels.ts";
import { DeleteConfirmDialog } from "../components/lists/DeleteConfirmDialog.tsx";
import { RowActionButton, RowActions } from "../components/lists/RowActions.tsx";
import { Badge } from "../components/ui/Badge.tsx";
import { STATUS_TONES } from "./campaigns/status_tones.ts";
import type { TableColumn } from "../components/ui/Table.tsx";
import { deleteRow, SearchableTable } from "./campaigns/SearchableTable.tsx";
import { api, ApiError } from "../lib/client/api.ts";
import { useChannel } from "../lib/client/channel.ts";
import { applyLiveEvent } from "../lib/client/live_list.ts";
import { useDebounced, usePagedList } from "../lib/client/paged_list.ts";
import { clientLanguage, useT } from "../lib/i18n/client.ts";
import { formatDateTime } from "../lib/i18n/format.ts";
import { pushToast, toastError } from "../lib/ui/toast.ts";
import type { Campaign } from "../services/campaigns/types.ts";
import { CampaignDialog } from "./campaigns/CampaignDialog.tsx";

const newestFirst = (a: Campaign, b: Campaign) => b.id - a.id;

export default function CampaignsManager({ companyId }: { companyId: number }) {
  const t = useT();
  const [search, setSearch] = useState("");
  const query = useDebounced(search).trim().toLowerCase();
  const list = usePagedList<Campaign>(async (pageNumber, searchParam) => {
    const page = await api<{ records: Campaign[]; hasMore: boolean }>("/api/campaigns", {
      query: { pageNumber, searchParam: searchParam || undefined },
    });
    return { rows: page.records, hasMore: page.hasMore };
  }, query);
  const [editing, setEditing] = useState<{ campaign?: Campaign } | null>(null);
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  const apply = (event: unknown) =>
    list.setRows((rows) =>
      applyLiveEvent(rows, event, {
        accepts: (row) => row.name.toLowerCase().includes(query),
        compare: newestFirst,
      })
    );
  useChannel(channels.campaign(companyId), (data) => {
    if ((data as { action: string }).action !== "progress") apply(data);
  });
  const when = (iso: string | null) => iso ? formatDateTime(iso, clientLanguage()) : "—";

  async function act(campaign: Campaign, action: "cancel" | "restart") {
    try {
      const saved = await api<Campaign>(`/api/campaigns/${campaign.id}/${action}`, {
        method: "POST",
      });
      apply({ action: "update", record: saved });
    } catch (err) {
      toastError(err instanceof ApiError ? err.code : undefined);
    }
  }

  const remove = (campaign: Campaign) =>
    deleteRow(
      `/api/campaigns/${campaign.id}`,
      () => apply({ action: "delete", id: campaign.id }),
      () => pushToast({ tone: "success", message: t("campaigns.deleted") }),
    );

  const status = (c: Campaign) => (
    <span class="flex flex-wrap items-center gap-1">
      <Badge tone={STATUS_TONES[c.status]} dot>{t(`campaigns.status.${c.status}`)}</Badge>
      {c.pausedAt && <Badge tone="warning">{t("campaigns.paused")}</Badge>}
    </span>
  );

  const columns: TableColumn<Campaign>[] = [
    {
      key: "name",
      label: t("campaigns.columns.name"),
      cell: (c) => (
        <span class="flex flex-col gap-1">
          <span class="font-medium">{c.name}</span>
          {/* On a phone the state stands under the name, so the actions stay in view. */}
          <span class="sm:hidden">{status(c)}</span>
        </span>
      ),
    },
    {
      key: "status",
      label: t("campaigns.columns.status"),
      hideOnMobile: true,
      cell: status,
    },
    {
      key: "list",
      label: t("campaigns.columns.contactList"),
      hideOnMobile: true,
      cell: (c) => c.contactList?.name ?? t("campaigns.none"),
    },
    {
      key: "whatsapp",
      label: t("campaigns.columns.whatsapp"),
      hideOnMobile: true,
      cell: (c) => c.whatsapp?.name ?? t("campaigns.none"),
    },
    {
      key: "scheduledAt",
      label: t("campaigns.columns.scheduledAt"),
      hideOnMobile: true,
      cell: (c) => when(c.scheduledAt),
    },
    {
      key: "completedAt",
      label: t("campaigns.columns.completedAt"),
      hideOnMobile: true,
      cell: (c) => when(c.completedAt),
    },
    {
      key: "actions",
      label: t("campaigns.columns.actions"),
      align: "end",
      cell: (c) => (
        <RowActions
          editName={t("campaigns.edit", { name: c.name })}
          deleteName={t("campaigns.deleteNamed", { name: c.name })}
          onEdit={() => setEditing({ campaign: c })}
          onDelete={() => setDeleting(c)}
          deleteRefusal={c.status === "EM_ANDAMENTO"
            ? t("campaigns.cannotDeleteRunning")
            : undefined}
        >
          {c.status === "EM_ANDAMENTO" && (
            <RowActionButton
              name={t("campaigns.stop", { name: c.name })}
              onClick={() => act(c, "cancel")}
            >
              <span aria-hidden="true">■</span>
            </RowActionButton>
          )}
          {c.status === "CANCELADA" && (
            <RowActionButton
              name={t("campaigns.restart", { name: c.name })}
              onClick={() => act(c, "restart")}
            >
              <span aria-hidden="true">↻</span>
            </RowActionButton>
          )}
          <a
            class="inline-flex h-8 items-center rounded-md px-2 text-[13px] text-brand-700 hover:bg-surface-muted dark:text-brand-300"
            href={`/campaign/${c.id}/report`}
            title={t("campaigns.reportOf", { name: c.name })}
          >
            {t("campaigns.report.short")}
          </a>
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <SearchableTable
        search={search}
        onSearch={setSearch}
        keys={{
          search: "campaigns.search",
          add: "campaigns.add",
          caption: "campaigns.title",
          empty: "campaigns.empty",
        }}
        onAdd={() => setEditing({})}
        list={list}
        columns={columns}
      />
      {editing && (
        <CampaignDialog
          campaign={editing.campaign}
          onSaved={(saved) => {
            apply({ action: editing.campaign ? "update" : "create", record: saved });
            pushToast({ tone: "success", message: t("campaigns.saved") });
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteConfirmDialog
          id="campaign-delete"
          title={t("campaigns.confirmDelete")}
          text={t("campaigns.confirmDeleteText", { name: deleting.name })}
          confirmLabel={t("campaigns.delete")}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
