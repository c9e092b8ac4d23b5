/**
 * The /queue-integration page's list (admin §2 "Queue integrations"): an icon by type, the
 * id and the name, add, edit and delete, live from `company-{id}-queueIntegration` so every
 * open tab stays current.
 */
import { useState } from "preact/hooks";
import { channels } from "../lib/realtime/channels.ts";
import { DeleteConfirmDialog } from "../components/lists/DeleteConfirmDialog.tsx";
import { ListLayout } from "../components/lists/ListLayout.tsx";
import { RowActions } from "../components/lists/RowActions.tsx";
import type { IntegrationRow } from "../components/integrations/types.ts";
import { TypeBadge } from "../components/integrations/TypeBadge.tsx";
import { Button } from "../components/ui/Button.tsx";
import { EmptyState } from "../components/ui/EmptyState.tsx";
import { Table, type TableColumn } from "../components/ui/Table.tsx";
import { BlocksIcon } from "../components/shell/icons.tsx";
import { api, ApiError } from "../lib/client/api.ts";
import { useChannel } from "../lib/client/channel.ts";
import { applyLiveEvent, byText } from "../lib/client/live_list.ts";
import { useDebounced, usePagedList } from "../lib/client/paged_list.ts";
import { useT } from "../lib/i18n/client.ts";
import { pushToast, toastError } from "../lib/ui/toast.ts";
import { IntegrationDialog } from "./integrations/IntegrationDialog.tsx";

export interface QueueIntegrationsManagerProps {
  companyId: number;
}

type Editing = { integration?: IntegrationRow } | null;

const byName = byText<IntegrationRow>((integration) => integration.name);

/** The live event's shape (services/integrations/integrations.ts) in the list helper's terms. */
function asListEvent(event: unknown): unknown {
  const e = event as { action: string; queueIntegration?: IntegrationRow; integrationId?: number };
  return e.action === "delete"
    ? { action: "delete", id: e.integrationId }
    : { ...e, record: e.queueIntegration };
}

export default function QueueIntegrationsManager({ companyId }: QueueIntegrationsManagerProps) {
  const t = useT();
  const [search, setSearch] = useState("");
  const query = useDebounced(search).trim().toLowerCase();
  const list = usePagedList<IntegrationRow>(async (pageNumber, searchParam) => {
    const page = await api<{ queueIntegrations: IntegrationRow[]; hasMore: boolean }>(
      "/api/queueIntegration",
      { query: { pageNumber, searchParam: searchParam || undefined } },
    );
    return { rows: page.queueIntegrations, hasMore: page.hasMore };
  }, query);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<IntegrationRow | null>(null);

  const matches = (integration: IntegrationRow) => integration.name.toLowerCase().includes(query);
  function apply(event: unknown) {
    list.setRows((rows) =>
      applyLiveEvent(rows, asListEvent(event), { accepts: matches, compare: byName })
    );
  }
  useChannel(channels.queueIntegration(companyId), apply);

  async function remove(integration: IntegrationRow) {
    try {
      await api(`/api/queueIntegration/${integration.id}`, { method: "DELETE" });
    } catch (err) {
      toastError(err instanceof ApiError ? err.code : undefined);
      throw err;
    }
    apply({ action: "delete", integrationId: integration.id });
    pushToast({ tone: "success", message: t("integrations.deleted") });
  }

  const columns: TableColumn<IntegrationRow>[] = [
    {
      key: "type",
      label: t("integrations.columns.type"),
      cell: (integration) => (
        <TypeBadge type={integration.type} label={t(`integrations.types.${integration.type}`)} />
      ),
    },
    {
      key: "id",
      label: t("integrations.columns.id"),
      align: "center",
      hideOnMobile: true,
      cell: (integration) => <span class="tabular-nums text-fg-muted">{integration.id}</span>,
    },
    {
      key: "name",
      label: t("integrations.columns.name"),
      cell: (integration) => <span class="font-medium text-fg">{integration.name}</span>,
    },
    {
      key: "actions",
      label: t("integrations.columns.actions"),
      align: "end",
      cell: (integration) => (
        <RowActions
          editName={t("integrations.edit", { name: integration.name })}
          deleteName={t("integrations.delete", { name: integration.name })}
          onEdit={() => setEditing({ integration })}
          onDelete={() => setDeleting(integration)}
        />
      ),
    },
  ];

  const empty = list.loading
    ? <p class="py-8 text-center text-fg-muted">{t("common.loading")}</p>
    : query
    ? <EmptyState title={t("integrations.noResults", { search: query })} />
    : (
      <EmptyState
        icon={<BlocksIcon />}
        title={t("integrations.emptyTitle")}
        text={t("integrations.emptyText")}
        action={<Button onClick={() => setEditing({})}>{t("integrations.add")}</Button>}
      />
    );

  return (
    <>
      <ListLayout
        search={search}
        onSearch={setSearch}
        searchLabel={t("integrations.searchLabel")}
        searchPlaceholder={t("integrations.searchPlaceholder")}
        addLabel={t("integrations.add")}
        onAdd={() => setEditing({})}
        onNearEnd={list.loadMore}
        loadingMore={list.loading && list.rows.length > 0 ? t("common.loading") : undefined}
        scrollTestId="integrations-scroll"
      >
        <Table
          columns={columns}
          rows={list.rows}
          rowKey={(integration) => integration.id}
          caption={t("integrations.title")}
          empty={empty}
        />
      </ListLayout>
      {editing && (
        <IntegrationDialog
          integrationId={editing.integration?.id}
          onSaved={(integration, created) => {
            const { hmacSecret: _secret, ...row } = integration;
            apply({ action: created ? "create" : "update", queueIntegration: row });
            pushToast({ tone: "success", message: t("integrations.saved") });
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteConfirmDialog
          id="integration-delete"
          title={t("integrations.confirmDeleteTitle")}
          text={t("integrations.confirmDeleteText", { name: deleting.name })}
          confirmLabel={t("integrations.deleteShort")}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
