/**
 * The /prompts page's list (admin §2 "Prompts"): name, queue, max tokens and the tokens used,
 * add, edit and delete, live from `company-{id}-prompt` so every open tab stays current.
 * A prompt whose provider refused its last call says why under its name, in the provider's
 * own words (a bad key, no credit, a model that refuses a setting), until a call works.
 */
import { useEffect, useState } from "preact/hooks";
import { channels } from "../lib/realtime/channels.ts";
import { DeleteConfirmDialog } from "../components/lists/DeleteConfirmDialog.tsx";
import { ListLayout } from "../components/lists/ListLayout.tsx";
import { RowActions } from "../components/lists/RowActions.tsx";
import type { PromptRow } from "../components/prompts/types.ts";
import { Button } from "../components/ui/Button.tsx";
import { EmptyState } from "../components/ui/EmptyState.tsx";
import { Table, type TableColumn } from "../components/ui/Table.tsx";
import { SparklesIcon } from "../components/shell/icons.tsx";
import { api, ApiError } from "../lib/client/api.ts";
import { useChannel } from "../lib/client/channel.ts";
import { applyLiveEvent, byText } from "../lib/client/live_list.ts";
import { useDebounced, usePagedList } from "../lib/client/paged_list.ts";
import { clientLanguage, useT } from "../lib/i18n/client.ts";
import { formatDateTime } from "../lib/i18n/format.ts";
import { pushToast, toastError } from "../lib/ui/toast.ts";
import { PromptDialog } from "./prompts/PromptDialog.tsx";

export interface PromptsManagerProps {
  companyId: number;
}

type Editing = { prompt?: PromptRow } | null;

const byName = byText<PromptRow>((prompt) => prompt.name);

/** The live event's shape (services/prompts/prompts.ts) in the list helper's terms. */
function asListEvent(event: unknown): unknown {
  const e = event as { action: string; prompt?: PromptRow; promptId?: number };
  return e.action === "delete" ? { action: "delete", id: e.promptId } : { ...e, record: e.prompt };
}

export default function PromptsManager({ companyId }: PromptsManagerProps) {
  const t = useT();
  const [search, setSearch] = useState("");
  const query = useDebounced(search).trim().toLowerCase();
  const list = usePagedList<PromptRow>(async (pageNumber, searchParam) => {
    const page = await api<{ prompts: PromptRow[]; hasMore: boolean }>("/api/prompt", {
      query: { pageNumber, searchParam: searchParam || undefined },
    });
    return { rows: page.prompts, hasMore: page.hasMore };
  }, query);
  const [queues, setQueues] = useState<{ id: number; name: string }[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PromptRow | null>(null);

  useEffect(() => {
    api<{ id: number; name: string }[]>("/api/queue").then(setQueues).catch(() =>
      toastError(undefined)
    );
  }, []);

  const matches = (prompt: PromptRow) => prompt.name.toLowerCase().includes(query);
  function apply(event: unknown) {
    list.setRows((rows) =>
      applyLiveEvent(rows, asListEvent(event), { accepts: matches, compare: byName })
    );
  }
  useChannel(channels.prompt(companyId), apply);

  async function remove(prompt: PromptRow) {
    try {
      await api(`/api/prompt/${prompt.id}`, { method: "DELETE" });
    } catch (err) {
      toastError(err instanceof ApiError ? err.code : undefined);
      throw err;
    }
    apply({ action: "delete", promptId: prompt.id });
    pushToast({ tone: "success", message: t("prompts.deleted") });
  }

  const columns: TableColumn<PromptRow>[] = [
    {
      key: "name",
      label: t("prompts.columns.name"),
      cell: (prompt) => (
        <div class="flex flex-col gap-0.5">
          <span class="font-medium text-fg">{prompt.name}</span>
          {prompt.lastError && (
            <span class="text-[13px] text-red-700 dark:text-red-400" data-testid="prompt-error">
              {t("prompts.lastError", {
                date: formatDateTime(prompt.lastError.at, clientLanguage()),
                message: prompt.lastError.code
                  ? t(`errors.${prompt.lastError.code}`)
                  : prompt.lastError.message,
              })}
            </span>
          )}
        </div>
      ),
    },
    {
      key: "queue",
      label: t("prompts.columns.queue"),
      cell: (prompt) =>
        prompt.queue?.name ?? <span class="text-fg-subtle">{t("prompts.noQueue")}</span>,
    },
    {
      key: "maxTokens",
      label: t("prompts.columns.maxTokens"),
      align: "center",
      hideOnMobile: true,
      cell: (prompt) => <span class="tabular-nums">{prompt.maxTokens}</span>,
    },
    {
      key: "usage",
      label: t("prompts.columns.usage"),
      align: "end",
      hideOnMobile: true,
      cell: (prompt) => (
        <span class="tabular-nums">
          {(prompt.promptTokens + prompt.completionTokens).toLocaleString(clientLanguage())}
        </span>
      ),
    },
    {
      key: "actions",
      label: t("prompts.columns.actions"),
      align: "end",
      cell: (prompt) => (
        <RowActions
          editName={t("prompts.edit", { name: prompt.name })}
          deleteName={t("prompts.delete", { name: prompt.name })}
          onEdit={() => setEditing({ prompt })}
          onDelete={() => setDeleting(prompt)}
        />
      ),
    },
  ];

  const empty = list.loading
    ? <p class="py-8 text-center text-fg-muted">{t("common.loading")}</p>
    : query
    ? <EmptyState title={t("prompts.noResults", { search: query })} />
    : (
      <EmptyState
        icon={<SparklesIcon />}
        title={t("prompts.emptyTitle")}
        text={t("prompts.emptyText")}
        action={<Button onClick={() => setEditing({})}>{t("prompts.add")}</Button>}
      />
    );

  return (
    <>
      <ListLayout
        search={search}
        onSearch={setSearch}
        searchLabel={t("prompts.searchLabel")}
        searchPlaceholder={t("prompts.searchPlaceholder")}
        addLabel={t("prompts.add")}
        onAdd={() => setEditing({})}
        onNearEnd={list.loadMore}
        loadingMore={list.loading && list.rows.length > 0 ? t("common.loading") : undefined}
        scrollTestId="prompts-scroll"
      >
        <Table
          columns={columns}
          rows={list.rows}
          rowKey={(prompt) => prompt.id}
          caption={t("prompts.title")}
          empty={empty}
        />
      </ListLayout>
      {editing && (
        <PromptDialog
          prompt={editing.prompt}
          queues={queues}
          onSaved={(prompt) => {
            apply({ action: editing.prompt ? "update" : "create", prompt });
            pushToast({ tone: "success", message: t("prompts.saved") });
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteConfirmDialog
          id="prompt-delete"
          title={t("prompts.confirmDeleteTitle")}
          text={t("prompts.confirmDeleteText", { name: deleting.name })}
          confirmLabel={t("prompts.deleteShort")}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
