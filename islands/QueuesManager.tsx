/**
 * The /queues page's list (admin §2, §3): every queue of the company with its colour, name
 * and greeting, filtered as you type; add, edit (with the chatbot options and opening hours)
 * and delete after a confirmation. Live updates from `company-{id}-queue` keep every open tab
 * current.
 */
import { channels } from "../lib/realtime/channels.ts";
import { useEffect, useState } from "preact/hooks";
import { DeleteConfirmDialog } from "../components/lists/DeleteConfirmDialog.tsx";
import { ListLayout } from "../components/lists/ListLayout.tsx";
import { RowActions } from "../components/lists/RowActions.tsx";
import { QueueDialog } from "./queues/QueueDialog.tsx";
import type { QueueRow } from "../components/queues/types.ts";
import { FlowIcon } from "../components/shell/icons.tsx";
import { TagChip } from "../components/tags/TagChip.tsx";
import { Button } from "../components/ui/Button.tsx";
import { EmptyState } from "../components/ui/EmptyState.tsx";
import { Table, type TableColumn } from "../components/ui/Table.tsx";
import { api, ApiError } from "../lib/client/api.ts";
import { useChannel } from "../lib/client/channel.ts";
import { applyLiveEvent } from "../lib/client/live_list.ts";
import { useT } from "../lib/i18n/client.ts";
import { pushToast, toastError } from "../lib/ui/toast.ts";

export interface QueuesManagerProps {
  companyId: number;
}

type Editing = { queue?: QueueRow } | null;

/** The server's order: menu order first (unordered last), then by name. */
export function byMenuOrder(a: QueueRow, b: QueueRow): number {
  const ao = a.orderQueue ?? Number.POSITIVE_INFINITY;
  const bo = b.orderQueue ?? Number.POSITIVE_INFINITY;
  if (ao !== bo) return ao < bo ? -1 : 1;
  return a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id;
}

/** A `company-{id}-queue` event in the shape of the live lists (record / id). */
export function asLiveEvent(event: unknown): unknown {
  const data = event as { action?: string; queue?: QueueRow; queueId?: number };
  if (data.action === "delete") return { action: "delete", id: data.queueId };
  return { action: data.action, record: data.queue };
}

export default function QueuesManager({ companyId }: QueuesManagerProps) {
  const t = useT();
  const [rows, setRows] = useState<QueueRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<QueueRow | null>(null);

  useEffect(() => {
    api<QueueRow[]>("/api/queue")
      .then(setRows)
      .catch((err) => toastError(err instanceof ApiError ? err.code : undefined))
      .finally(() => setLoading(false));
  }, []);

  function apply(event: unknown) {
    setRows((current) =>
      applyLiveEvent(current, asLiveEvent(event), { compare: byMenuOrder }).sort(byMenuOrder)
    );
  }
  useChannel(channels.queue(companyId), apply);

  async function remove(queue: QueueRow) {
    try {
      await api(`/api/queue/${queue.id}`, { method: "DELETE" });
    } catch (err) {
      toastError(err instanceof ApiError ? err.code : undefined);
      throw err;
    }
    apply({ action: "delete", queueId: queue.id });
    pushToast({ tone: "success", message: t("queues.deleted") });
  }

  const query = search.trim().toLowerCase();
  const shown = query ? rows.filter((queue) => queue.name.toLowerCase().includes(query)) : rows;

  const columns: TableColumn<QueueRow>[] = [
    {
      key: "name",
      label: t("queues.columns.name"),
      cell: (queue) => <TagChip name={queue.name} color={queue.color} />,
    },
    {
      key: "greeting",
      label: t("queues.columns.greeting"),
      hideOnMobile: true,
      cell: (queue) =>
        queue.greetingMessage
          ? (
            <span class="line-clamp-2 max-w-md text-fg-muted" title={queue.greetingMessage}>
              {queue.greetingMessage}
            </span>
          )
          : <span class="text-fg-subtle" aria-label={t("queues.noGreeting")}>—</span>,
    },
    {
      key: "order",
      label: t("queues.columns.order"),
      align: "center",
      hideOnMobile: true,
      cell: (queue) => <span class="tabular-nums">{queue.orderQueue ?? "—"}</span>,
    },
    {
      key: "actions",
      label: t("queues.columns.actions"),
      align: "end",
      cell: (queue) => (
        <RowActions
          editName={t("queues.edit", { name: queue.name })}
          deleteName={t("queues.delete", { name: queue.name })}
          onEdit={() => setEditing({ queue })}
          onDelete={() => setDeleting(queue)}
        />
      ),
    },
  ];

  const empty = loading
    ? <p class="py-8 text-center text-fg-muted">{t("common.loading")}</p>
    : query
    ? <EmptyState title={t("queues.noResults", { search: query })} />
    : (
      <EmptyState
        icon={<FlowIcon />}
        title={t("queues.emptyTitle")}
        text={t("queues.emptyText")}
        action={<Button onClick={() => setEditing({})}>{t("queues.add")}</Button>}
      />
    );

  return (
    <>
      <ListLayout
        search={search}
        onSearch={setSearch}
        searchLabel={t("queues.searchLabel")}
        searchPlaceholder={t("queues.searchPlaceholder")}
        addLabel={t("queues.add")}
        onAdd={() => setEditing({})}
        onNearEnd={() => {}}
        scrollTestId="queues-scroll"
      >
        <Table
          columns={columns}
          rows={shown}
          rowKey={(queue) => queue.id}
          caption={t("queues.title")}
          empty={empty}
        />
      </ListLayout>
      {editing && (
        <QueueDialog
          queue={editing.queue}
          usedColors={rows.map((queue) => queue.color.toLowerCase())}
          queues={rows}
          onSaved={(queue, created) => {
            apply({ action: created ? "create" : "update", queue });
            pushToast({ tone: "success", message: t("queues.saved") });
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteConfirmDialog
          id="queue-delete"
          title={t("queues.confirmDeleteTitle")}
          text={t("queues.confirmDeleteText", { name: deleting.name })}
          confirmLabel={t("queues.deleteShort")}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
