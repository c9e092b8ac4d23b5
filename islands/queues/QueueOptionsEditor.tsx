/**
 * The chatbot menu of a queue as a nestable tree (admin §3 "Queue modal"): add an option at
 * the top level or under another, edit its title and message in place, delete it (and what
 * hangs under it) after a confirmation. Each change is saved at once; changes made by another
 * admin arrive on `company-{id}-queueOption`.
 */
import { channels } from "../../lib/realtime/channels.ts";
import { useEffect, useState } from "preact/hooks";
import { api, ApiError } from "../../lib/client/api.ts";
import { useChannel } from "../../lib/client/channel.ts";
import { useT } from "../../lib/i18n/client.ts";
import { toastError } from "../../lib/ui/toast.ts";
import { PlusIcon, TrashIcon } from "../../components/icons.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { cx } from "../../components/ui/cx.ts";
import { CONTROL_CLASSES } from "../../components/ui/Field.tsx";
import type { QueueOptionRow } from "../../components/queues/types.ts";

export interface QueueOptionsEditorProps {
  companyId: number;
  queueId: number;
}

function fail(err: unknown) {
  toastError(err instanceof ApiError ? err.code : undefined);
}

/** The list after a realtime event about this queue's options. */
export function applyOptionEvent(
  rows: QueueOptionRow[],
  queueId: number,
  event: unknown,
): QueueOptionRow[] {
  const data = event as {
    action?: string;
    queueOption?: QueueOptionRow;
    queueId?: number;
    queueOptionIds?: number[];
  };
  if (data.action === "delete" && data.queueId === queueId && data.queueOptionIds) {
    const gone = new Set(data.queueOptionIds);
    return rows.filter((row) => !gone.has(row.id));
  }
  const record = data.queueOption;
  if ((data.action === "create" || data.action === "update") && record?.queueId === queueId) {
    return rows.some((row) => row.id === record.id)
      ? rows.map((row) => (row.id === record.id ? record : row))
      : [...rows, record].sort((a, b) => a.id - b.id);
  }
  return rows;
}

export function QueueOptionsEditor({ companyId, queueId }: QueueOptionsEditorProps) {
  const t = useT();
  const [rows, setRows] = useState<QueueOptionRow[] | null>(null);

  useEffect(() => {
    let live = true;
    api<QueueOptionRow[]>("/api/queue-options", { query: { queueId } })
      .then((list) => live && setRows(list))
      .catch((err) => {
        fail(err);
        if (live) setRows([]);
      });
    return () => {
      live = false;
    };
  }, [queueId]);

  useChannel(channels.queueOption(companyId), (event) => {
    setRows((current) => current && applyOptionEvent(current, queueId, event));
  });

  async function add(parentId: number | null) {
    try {
      const created = await api<QueueOptionRow>("/api/queue-options", {
        method: "POST",
        body: { queueId, parentId, title: t("queues.options.newTitle") },
      });
      setRows((current) =>
        current && applyOptionEvent(current, queueId, {
          action: "create",
          queueOption: created,
        })
      );
      // The new option's title is ready to be typed over.
      requestAnimationFrame(() => {
        const input = document.getElementById(`queue-option-${created.id}-title`);
        if (input instanceof HTMLInputElement) {
          input.focus();
          input.select();
        }
      });
    } catch (err) {
      fail(err);
    }
  }

  if (rows === null) return <p class="py-4 text-sm text-fg-muted">{t("common.loading")}</p>;

  return (
    <section class="flex flex-col gap-3" aria-labelledby="queue-options-heading">
      <div class="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id="queue-options-heading" class="text-sm font-semibold text-fg">
            {t("queues.options.title")}
          </h3>
          <p class="text-[13px] text-fg-subtle">{t("queues.options.intro")}</p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => add(null)}>
          <PlusIcon size={16} />
          {t("queues.options.add")}
        </Button>
      </div>
      {rows.length === 0
        ? (
          <p class="rounded-lg border border-dashed border-line-strong px-4 py-5 text-center text-[13px] text-fg-subtle">
            {t("queues.options.empty")}
          </p>
        )
        : (
          <OptionList
            rows={rows}
            parentId={null}
            path=""
            onAdd={add}
            onChanged={(event) =>
              setRows((current) => current && applyOptionEvent(current, queueId, event))}
            queueId={queueId}
          />
        )}
    </section>
  );
}

interface OptionListProps {
  rows: QueueOptionRow[];
  parentId: number | null;
  /** The numbering of the parent, e.g. "1.2", for labels. */
  path: string;
  queueId: number;
  onAdd: (parentId: number) => void;
  onChanged: (event: unknown) => void;
}

function OptionList({ rows, parentId, path, queueId, onAdd, onChanged }: OptionListProps) {
  const level = rows.filter((row) => row.parentId === parentId);
  if (level.length === 0) return null;
  return (
    <ul
      class={cx(
        "flex flex-col gap-2",
        parentId !== null && "mt-2 border-l-2 border-line pl-3 sm:pl-4",
      )}
    >
      {level.map((row) => (
        <OptionNode
          key={row.id}
          row={row}
          rows={rows}
          path={path ? `${path}.${row.option}` : row.option}
          queueId={queueId}
          onAdd={onAdd}
          onChanged={onChanged}
        />
      ))}
    </ul>
  );
}

interface OptionNodeProps extends Omit<OptionListProps, "parentId" | "path"> {
  row: QueueOptionRow;
  path: string;
}

function OptionNode({ row, rows, path, queueId, onAdd, onChanged }: OptionNodeProps) {
  const t = useT();
  const [title, setTitle] = useState(row.title);
  const [message, setMessage] = useState(row.message);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const base = `queue-option-${row.id}`;
  const children = rows.filter((other) => other.parentId === row.id).length;

  // Another tab's edit arrives as a new row: show it unless this field is being typed in.
  useEffect(() => setTitle(row.title), [row.title]);
  useEffect(() => setMessage(row.message), [row.message]);

  async function save(field: "title" | "message", value: string) {
    const trimmed = field === "title" ? value.trim() : value;
    if (trimmed === row[field]) return;
    if (field === "title" && !trimmed) {
      setTitle(row.title);
      return;
    }
    try {
      const saved = await api<QueueOptionRow>(`/api/queue-options/${row.id}`, {
        method: "PUT",
        body: { [field]: trimmed },
      });
      onChanged({ action: "update", queueOption: saved });
    } catch (err) {
      fail(err);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await api(`/api/queue-options/${row.id}`, { method: "DELETE" });
      const ids = [row.id];
      // The subtree goes with it; the server's event names the same ids.
      for (let i = 0; i < ids.length; i++) {
        for (const other of rows) if (other.parentId === ids[i]) ids.push(other.id);
      }
      onChanged({ action: "delete", queueId, queueOptionIds: ids });
    } catch (err) {
      fail(err);
      setBusy(false);
    }
  }

  return (
    <li data-testid="queue-option" data-option-id={row.id}>
      <div class="rounded-lg border border-line bg-surface-muted/60 p-3">
        <div class="flex items-start gap-2">
          <span
            class="mt-2 inline-flex h-6 min-w-6 items-center justify-center rounded-md bg-brand-600/10 px-1.5 text-xs font-semibold tabular-nums text-brand-700 dark:bg-brand-400/15 dark:text-brand-300"
            title={t("queues.options.number")}
          >
            {path}
          </span>
          <div class="flex min-w-0 flex-1 flex-col gap-2">
            <input
              id={`${base}-title`}
              value={title}
              maxLength={100}
              aria-label={t("queues.options.titleLabel", { number: path })}
              placeholder={t("queues.options.titleLabel", { number: path })}
              onInput={(event) => setTitle(event.currentTarget.value)}
              onBlur={(event) => save("title", event.currentTarget.value)}
              class={cx(CONTROL_CLASSES, "font-medium")}
            />
            <textarea
              id={`${base}-message`}
              rows={2}
              value={message}
              maxLength={10_000}
              aria-label={t("queues.options.messageLabel", { number: path })}
              placeholder={t("queues.options.messagePlaceholder")}
              onInput={(event) => setMessage(event.currentTarget.value)}
              onBlur={(event) => save("message", event.currentTarget.value)}
              class={cx(CONTROL_CLASSES, "h-auto min-h-16 resize-y py-2 leading-relaxed")}
            />
          </div>
        </div>
        {confirming
          ? (
            <div
              role="alert"
              class="mt-2 flex flex-wrap items-center justify-end gap-2 rounded-md bg-red-50 px-3 py-2 text-[13px] text-red-800 dark:bg-red-950/40 dark:text-red-200"
            >
              <span class="mr-auto">
                {children > 0
                  ? t("queues.options.confirmDeleteTree", { title: row.title })
                  : t("queues.options.confirmDelete", { title: row.title })}
              </span>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setConfirming(false)}
                disabled={busy}
              >
                {t("common.cancel")}
              </Button>
              <Button variant="danger" size="sm" onClick={remove} loading={busy}>
                {t("queues.options.deleteShort")}
              </Button>
            </div>
          )
          : (
            <div class="mt-2 flex justify-end gap-1">
              <Button variant="ghost" size="sm" onClick={() => onAdd(row.id)}>
                <PlusIcon size={15} />
                {t("queues.options.addChild")}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setConfirming(true)}
                aria-label={t("queues.options.delete", { title: row.title })}
              >
                <TrashIcon size={15} />
                <span class="max-sm:sr-only">{t("queues.options.deleteShort")}</span>
              </Button>
            </div>
          )}
      </div>
      <OptionList
        rows={rows}
        parentId={row.id}
        path={path}
        queueId={queueId}
        onAdd={onAdd}
        onChanged={onChanged}
      />
    </li>
  );
}
