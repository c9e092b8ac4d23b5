/**
 * The /connections page's working area (core §2, §4): the company's connections with their
 * live status, the session button each status offers, the QR dialog, the add/edit dialog and
 * delete. Rows follow `company-{id}-whatsapp` and, for admins, `company-{id}-whatsappSession`
 * (which carries the QR); the menu's warning follows the same rows.
 */
import { channels } from "../lib/realtime/channels.ts";
import { useEffect, useState } from "preact/hooks";
import { DeleteConfirmDialog } from "../components/lists/DeleteConfirmDialog.tsx";
import { RowActions } from "../components/lists/RowActions.tsx";
import { statusView } from "../components/connections/status.ts";
import { PhoneIcon, PlusIcon, Svg } from "../components/icons.tsx";
import { Badge } from "../components/ui/Badge.tsx";
import { Button, buttonClasses } from "../components/ui/Button.tsx";
import { EmptyState } from "../components/ui/EmptyState.tsx";
import { Table, type TableColumn } from "../components/ui/Table.tsx";
import { api, errorMessage } from "../lib/client/api.ts";
import { useChannel } from "../lib/client/channel.ts";
import { clientLanguage, useT } from "../lib/i18n/client.ts";
import type { TFunction } from "../lib/i18n/languages.ts";
import { connectionsNeedAttention } from "../lib/ui/shell_signals.ts";
import { pushToast } from "../lib/ui/toast.ts";
import type { QueueChip } from "../services/users/user_view.ts";
import { ConnectionDialog } from "./connections/ConnectionDialog.tsx";
import {
  anyNeedsAttention,
  applyConnectionEvent,
  type ConnectionRow,
  upsertConnection,
} from "./connections/list_state.ts";
import { QrDialog } from "./connections/QrDialog.tsx";

export interface ConnectionsManagerProps {
  companyId: number;
  initial: ConnectionRow[];
  queues: QueueChip[];
  /** Admins add, edit, delete and press the session buttons. */
  canManage: boolean;
  schedulesApply: boolean;
}

export const simulatorHref = (id: number) => `/connections/${id}/simulator`;

function StarIcon({ filled, size = 18 }: { filled: boolean; size?: number }) {
  return (
    <Svg size={size} class={filled ? "fill-amber-400 text-amber-500" : "text-fg-subtle"}>
      <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />
    </Svg>
  );
}

function StatusBadge({ row, t }: { row: ConnectionRow; t: TFunction }) {
  const view = statusView(row.status);
  return (
    <Badge tone={view.tone} dot>
      <span data-status={row.status}>{t(`connections.status.${view.labelKey}`)}</span>
    </Badge>
  );
}

function Spinner() {
  return (
    <span
      class="size-3.5 animate-spin rounded-full border-2 border-current border-r-transparent"
      aria-hidden="true"
    />
  );
}

function formatWhen(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(clientLanguage(), { dateStyle: "short", timeStyle: "short" })
    .format(date);
}

type Confirm = { kind: "delete" | "disconnect"; connection: ConnectionRow } | null;

export default function ConnectionsManager(props: ConnectionsManagerProps) {
  const t = useT();
  const { companyId, canManage } = props;
  const [rows, setRows] = useState<ConnectionRow[]>(props.initial);
  const [editing, setEditing] = useState<{ connection?: ConnectionRow } | null>(null);
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const apply = (event: unknown) => setRows((current) => applyConnectionEvent(current, event));
  const sessionChannel = canManage ? channels.whatsappSession(companyId) : null;
  useChannel(channels.whatsapp(companyId), apply);
  useChannel(sessionChannel, apply);

  useEffect(() => {
    connectionsNeedAttention.value = anyNeedsAttention(rows);
  }, [rows]);

  // The QR dialog closes itself once the QR is cleared (paired, or the session ended).
  const qrConnection = rows.find((row) => row.id === qrFor);
  useEffect(() => {
    if (qrFor !== null && (!qrConnection || qrConnection.status !== "qrcode")) setQrFor(null);
  }, [qrFor, qrConnection?.status]);

  async function session(connection: ConnectionRow, method: "POST" | "PUT" | "DELETE") {
    setBusy(connection.id);
    try {
      await api(`/api/whatsappsession/${connection.id}`, { method });
    } catch (err) {
      pushToast({ tone: "error", message: errorMessage(err) });
      throw err;
    } finally {
      setBusy(null);
    }
  }

  async function remove(connection: ConnectionRow) {
    try {
      await api(`/api/whatsapp/${connection.id}`, { method: "DELETE" });
    } catch (err) {
      pushToast({ tone: "error", message: errorMessage(err) });
      throw err;
    }
    apply({ action: "delete", whatsappId: connection.id });
    pushToast({ tone: "success", message: t("connections.deleted") });
  }

  function sessionButtons(connection: ConnectionRow) {
    const view = statusView(connection.status);
    const pending = busy === connection.id;
    return view.actions.map((action) => {
      switch (action) {
        case "qrcode":
          return (
            <Button
              key={action}
              size="sm"
              onClick={() => setQrFor(connection.id)}
              data-show-qr
            >
              {t("connections.actions.qrcode")}
            </Button>
          );
        case "retry":
          return (
            <Button
              key={action}
              size="sm"
              variant="secondary"
              loading={pending}
              onClick={() => session(connection, "POST").catch(() => {})}
            >
              {t("connections.actions.retry")}
            </Button>
          );
        case "newQr":
          return (
            <Button
              key={action}
              size="sm"
              variant="secondary"
              disabled={pending}
              onClick={() => session(connection, "PUT").catch(() => {})}
            >
              {t("connections.actions.newQr")}
            </Button>
          );
        case "disconnect":
          return (
            <Button
              key={action}
              size="sm"
              variant="secondary"
              onClick={() => setConfirm({ kind: "disconnect", connection })}
            >
              {t("connections.actions.disconnect")}
            </Button>
          );
        case "connecting":
          return (
            <Button key={action} size="sm" variant="secondary" disabled>
              <Spinner />
              {t("connections.actions.connecting")}
            </Button>
          );
      }
    });
  }

  const columns: TableColumn<ConnectionRow>[] = [
    {
      key: "name",
      label: t("connections.columns.name"),
      cell: (row) => (
        <div class="min-w-0">
          <div class="flex min-w-0 flex-wrap items-center gap-2">
            <span class="break-words font-medium">{row.name}</span>
            {row.provider === "sandbox" && (
              <Badge tone="brand">{t("connections.simulatorBadge")}</Badge>
            )}
            {/* Phones have no status and default columns: both come under the name. */}
            {row.isDefault && (
              <span class="inline-flex sm:hidden" title={t("connections.defaultMark")}>
                <StarIcon filled size={16} />
              </span>
            )}
          </div>
          <div class="mt-1.5 sm:hidden">
            <StatusBadge row={row} t={t} />
          </div>
        </div>
      ),
    },
    {
      key: "status",
      label: t("connections.columns.status"),
      hideOnMobile: true,
      cell: (row) => <StatusBadge row={row} t={t} />,
    },
    ...(canManage
      ? [{
        key: "session",
        label: t("connections.columns.actions"),
        stackedSlot: "below" as const,
        cell: (row: ConnectionRow) => (
          <div class="flex flex-wrap items-center gap-1.5">
            {sessionButtons(row)}
            {row.provider === "sandbox" && (
              <a
                href={simulatorHref(row.id)}
                class={buttonClasses("ghost", "sm")}
                title={t("connections.actions.openSimulator", { name: row.name })}
                aria-label={t("connections.actions.openSimulator", { name: row.name })}
              >
                <PhoneIcon size={16} />
                {t("connections.actions.simulator")}
              </a>
            )}
          </div>
        ),
      }]
      : []),
    {
      key: "updated",
      label: t("connections.columns.session"),
      hideOnTablet: true,
      cell: (row) => (
        <time class="whitespace-nowrap text-fg-muted tabular-nums" dateTime={row.updatedAt}>
          {formatWhen(row.updatedAt)}
        </time>
      ),
    },
    {
      key: "default",
      label: t("connections.columns.default"),
      align: "center",
      hideOnMobile: true,
      cell: (row) => (
        <span
          class="inline-flex"
          role="img"
          aria-label={row.isDefault ? t("connections.defaultMark") : t("connections.notDefault")}
          title={row.isDefault ? t("connections.defaultMark") : undefined}
        >
          {row.isDefault ? <StarIcon filled /> : <span class="text-fg-subtle">—</span>}
        </span>
      ),
    },
    ...(canManage
      ? [{
        key: "actions",
        label: "",
        align: "end" as const,
        stackedSlot: "side" as const,
        cell: (row: ConnectionRow) => (
          <RowActions
            editName={t("connections.actions.edit", { name: row.name })}
            deleteName={t("connections.actions.delete", { name: row.name })}
            onEdit={() => setEditing({ connection: row })}
            onDelete={() => setConfirm({ kind: "delete", connection: row })}
          />
        ),
      }]
      : []),
  ];

  return (
    <>
      <div class="flex flex-wrap items-center justify-between gap-3">
        <p class="text-[13px] text-fg-subtle" aria-live="polite">
          {t("connections.count", { count: rows.length })}
        </p>
        {canManage && (
          <Button onClick={() => setEditing({})} data-add-connection>
            <PlusIcon size={18} />
            {t("connections.add")}
          </Button>
        )}
      </div>
      <Table
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        caption={t("connections.title")}
        stackOnMobile
        empty={
          <EmptyState
            icon={<PhoneIcon />}
            title={t("connections.emptyTitle")}
            text={t("connections.emptyText")}
            action={canManage
              ? <Button onClick={() => setEditing({})}>{t("connections.add")}</Button>
              : undefined}
          />
        }
      />

      {editing && (
        <ConnectionDialog
          connection={editing.connection}
          queues={props.queues}
          schedulesApply={props.schedulesApply}
          onSaved={(saved, created) => {
            setRows((current) => upsertConnection(current, saved));
            pushToast({ tone: "success", message: t("connections.saved") });
            // A new connection starts its session at once, as the old screen did.
            if (created) void session(saved, "POST").catch(() => {});
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {qrConnection && qrConnection.status === "qrcode" && (
        <QrDialog
          connection={qrConnection}
          simulatorHref={qrConnection.provider === "sandbox"
            ? simulatorHref(qrConnection.id)
            : undefined}
          onClose={() => setQrFor(null)}
        />
      )}
      {confirm?.kind === "delete" && (
        <DeleteConfirmDialog
          id="connection-delete"
          title={t("connections.confirmDelete.title", { name: confirm.connection.name })}
          text={t("connections.confirmDelete.text")}
          confirmLabel={t("connections.confirmDelete.confirm")}
          onConfirm={() => remove(confirm.connection)}
          onClose={() => setConfirm(null)}
        />
      )}
      {confirm?.kind === "disconnect" && (
        <DeleteConfirmDialog
          id="connection-disconnect"
          title={t("connections.confirmDisconnect.title", { name: confirm.connection.name })}
          text={t("connections.confirmDisconnect.text")}
          confirmLabel={t("connections.confirmDisconnect.confirm")}
          onConfirm={() => session(confirm.connection, "DELETE")}
          onClose={() => setConfirm(null)}
        />
      )}
    </>
  );
}
