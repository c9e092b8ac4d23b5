/**
 * The chatbot menu of a queue as a nestable tree (admin §2 "Queue modal", §3 "Queue option"):
 * options at any depth, each with a title, the message sent when chosen, an optional file and
 * its sub-options; reordered with the arrows, which renumber them. It edits the dialog's
 * working copy only: the menu is saved with the queue (#23), so Cancel undoes everything.
 */
import { useState } from "preact/hooks";
import { useT } from "../../lib/i18n/client.ts";
import {
  ChevronDownIcon,
  PaperclipIcon,
  PlusIcon,
  TrashIcon,
  XIcon,
} from "../../components/icons.tsx";
import { Button, buttonClasses } from "../../components/ui/Button.tsx";
import { cx } from "../../components/ui/cx.ts";
import { CONTROL_CLASSES } from "../../components/ui/Field.tsx";
import {
  addChild,
  answerOf,
  descendantsOf,
  type DraftOption,
  moveOption,
  newOption,
  removeOption,
  updateOption,
} from "./option_draft.ts";

export interface QueueOptionsEditorProps {
  tree: DraftOption[];
  onChange: (tree: DraftOption[]) => void;
  /** Keys of nodes to mark as needing a title (after a refused save). */
  invalid: readonly string[];
  /** Accepted file types, as the media store checks them. */
  accept?: string;
  /** The company's other queues, which a leaf may hand the ticket to. */
  queues: readonly ForwardQueue[];
}

export interface ForwardQueue {
  id: number;
  name: string;
}

/** Focuses the title of a node just added, with its placeholder text selected. */
function focusTitle(key: string) {
  requestAnimationFrame(() => {
    const input = document.getElementById(`queue-option-${key}-title`);
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.select();
    }
  });
}

export function QueueOptionsEditor(
  { tree, onChange, invalid, accept, queues }: QueueOptionsEditorProps,
) {
  const t = useT();

  function addTop() {
    const node = newOption(t("queues.options.newTitle"));
    onChange([...tree, node]);
    focusTitle(node.key);
  }

  return (
    <section class="flex flex-col gap-3" aria-labelledby="queue-options-heading">
      <div class="flex flex-wrap items-center justify-between gap-2">
        <div class="min-w-0">
          <h3 id="queue-options-heading" class="text-sm font-semibold text-fg">
            {t("queues.options.title")}
          </h3>
          <p class="text-[13px] text-fg-subtle">{t("queues.options.intro")}</p>
        </div>
        <Button variant="secondary" size="sm" onClick={addTop}>
          <PlusIcon size={16} />
          {t("queues.options.add")}
        </Button>
      </div>
      {tree.length === 0
        ? (
          <p class="rounded-lg border border-dashed border-line-strong px-4 py-5 text-center text-[13px] text-fg-subtle">
            {t("queues.options.empty")}
          </p>
        )
        : (
          <OptionList
            level={tree}
            nested={false}
            path=""
            context={{ tree, onChange, invalid, accept, queues }}
          />
        )}
    </section>
  );
}

interface Context {
  tree: DraftOption[];
  onChange: (tree: DraftOption[]) => void;
  invalid: readonly string[];
  accept?: string;
  queues: readonly ForwardQueue[];
}

function OptionList(
  { level, nested, path, context }: {
    level: DraftOption[];
    nested: boolean;
    /** The parent's numbering, e.g. "1.2". */
    path: string;
    context: Context;
  },
) {
  if (level.length === 0) return null;
  return (
    <ul class={cx("flex flex-col gap-2", nested && "mt-2 border-l-2 border-line pl-3 sm:pl-4")}>
      {level.map((node, index) => {
        const answer = answerOf(node, index);
        return (
          <OptionNode
            key={node.key}
            node={node}
            path={path ? `${path}.${answer}` : answer}
            first={index === 0}
            last={index === level.length - 1}
            context={context}
          />
        );
      })}
    </ul>
  );
}

function OptionNode(
  { node, path, first, last, context }: {
    node: DraftOption;
    path: string;
    first: boolean;
    last: boolean;
    context: Context;
  },
) {
  const t = useT();
  const { tree, onChange, invalid, accept, queues } = context;
  const [confirming, setConfirming] = useState(false);
  const base = `queue-option-${node.key}`;
  const below = descendantsOf(node);
  const missingTitle = invalid.includes(node.key) && !node.title.trim();
  const set = (patch: Parameters<typeof updateOption>[2]) =>
    onChange(updateOption(tree, node.key, patch));
  const shownMedia = node.file?.name ?? (node.removeMedia ? null : node.mediaName);

  function addSub() {
    const child = newOption(t("queues.options.newTitle"));
    onChange(addChild(tree, node.key, child));
    focusTitle(child.key);
  }

  function remove() {
    // A node with sub-options asks first; a lone one goes at once (Cancel brings it back).
    if (below > 0 && !confirming) setConfirming(true);
    else onChange(removeOption(tree, node.key));
  }

  return (
    <li data-testid="queue-option" data-option-key={node.key}>
      <div class="rounded-lg border border-line bg-surface-muted/60 p-3">
        <div class="flex items-start gap-2">
          <span
            class="mt-2 inline-flex h-6 min-w-6 shrink-0 items-center justify-center rounded-md bg-brand-600/10 px-1.5 text-xs font-semibold tabular-nums text-brand-700 dark:bg-brand-400/15 dark:text-brand-300"
            title={t("queues.options.number")}
          >
            {path}
          </span>
          <div class="flex min-w-0 flex-1 flex-col gap-2">
            <input
              id={`${base}-title`}
              value={node.title}
              maxLength={100}
              aria-label={t("queues.options.titleLabel", { number: path })}
              aria-invalid={missingTitle ? true : undefined}
              placeholder={t("queues.options.titleLabel", { number: path })}
              onInput={(event) => set({ title: event.currentTarget.value })}
              class={cx(CONTROL_CLASSES, "font-medium")}
            />
            {missingTitle && (
              <p class="text-[13px] text-red-700 dark:text-red-400">
                {t("errors.ERR_QUEUE_OPTION_TITLE_REQUIRED")}
              </p>
            )}
            <textarea
              id={`${base}-message`}
              rows={2}
              value={node.message}
              maxLength={10_000}
              aria-label={t("queues.options.messageLabel", { number: path })}
              placeholder={t(
                node.kind === "billing"
                  ? "queues.options.billingPlaceholder"
                  : "queues.options.messagePlaceholder",
              )}
              onInput={(event) => set({ message: event.currentTarget.value })}
              class={cx(CONTROL_CLASSES, "h-auto min-h-16 resize-y py-2 leading-relaxed")}
            />
            {node.children.length === 0 && (
              <LeafSettings node={node} number={path} base={base} queues={queues} onChange={set} />
            )}
            {shownMedia && (
              <p class="flex min-w-0 items-center gap-1.5 text-[13px] text-fg-muted">
                <PaperclipIcon size={14} class="shrink-0" />
                <span class="truncate">{shownMedia}</span>
                <button
                  type="button"
                  class="ml-1 inline-flex size-6 shrink-0 items-center justify-center rounded-md text-fg-subtle hover:bg-surface-sunken hover:text-fg focus-visible:outline-2 focus-visible:outline-brand-500"
                  aria-label={t("queues.options.removeFile", { name: shownMedia })}
                  onClick={() => set({ file: undefined, removeMedia: true })}
                >
                  <XIcon size={14} />
                </button>
              </p>
            )}
          </div>
        </div>
        {confirming
          ? (
            <div
              role="alert"
              class="mt-2 flex flex-wrap items-center justify-end gap-2 rounded-md bg-red-50 px-3 py-2 text-[13px] text-red-800 dark:bg-red-950/40 dark:text-red-200"
            >
              <span class="mr-auto">
                {t("queues.options.confirmDeleteTree", { title: node.title })}
              </span>
              <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
                {t("common.cancel")}
              </Button>
              <Button variant="danger" size="sm" onClick={remove}>
                {t("queues.options.deleteShort")}
              </Button>
            </div>
          )
          : (
            <div class="mt-2 flex flex-wrap items-center justify-end gap-0.5 sm:gap-1">
              <Button
                variant="ghost"
                size="sm"
                disabled={first}
                onClick={() => onChange(moveOption(tree, node.key, -1))}
                aria-label={t("queues.options.moveUp", { title: node.title })}
              >
                <ChevronDownIcon size={15} class="rotate-180" />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                disabled={last}
                onClick={() => onChange(moveOption(tree, node.key, 1))}
                aria-label={t("queues.options.moveDown", { title: node.title })}
              >
                <ChevronDownIcon size={15} />
              </Button>
              <label
                class={cx(
                  buttonClasses("ghost", "sm"),
                  "cursor-pointer focus-within:outline-2 focus-within:outline-brand-500",
                )}
              >
                <PaperclipIcon size={15} />
                <span class="max-sm:sr-only">{t("queues.options.attach")}</span>
                <input
                  type="file"
                  class="sr-only"
                  accept={accept}
                  aria-label={t("queues.options.attachTo", { title: node.title })}
                  onChange={(event) => {
                    const file = event.currentTarget.files?.[0];
                    if (file) set({ file, removeMedia: false });
                    event.currentTarget.value = "";
                  }}
                />
              </label>
              <Button
                variant="ghost"
                size="sm"
                onClick={addSub}
                aria-label={t("queues.options.addChildTo", { title: node.title })}
              >
                <PlusIcon size={15} />
                <span class="max-sm:sr-only">{t("queues.options.addChild")}</span>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={remove}
                aria-label={t("queues.options.delete", { title: node.title })}
              >
                <TrashIcon size={15} />
                <span class="max-sm:sr-only">{t("queues.options.deleteShort")}</span>
              </Button>
            </div>
          )}
      </div>
      <OptionList level={node.children} nested path={path} context={context} />
    </li>
  );
}

/**
 * What a leaf does when chosen: send its message, or (a "segunda via") ask for the CPF/CNPJ
 * and answer the open bills; then where the ticket waits for a person: this queue or another
 * of the company's. A queue deleted since the save shows as this one.
 */
function LeafSettings(
  { node, number, base, queues, onChange }: {
    node: DraftOption;
    number: string;
    base: string;
    queues: readonly ForwardQueue[];
    onChange: (patch: Partial<Pick<DraftOption, "kind" | "forwardQueueId">>) => void;
  },
) {
  const t = useT();
  const known = node.forwardQueueId !== null &&
    queues.some((queue) => queue.id === node.forwardQueueId);
  return (
    <div class="grid gap-2 sm:grid-cols-2">
      <LeafSelect
        id={`${base}-kind`}
        label={t("queues.options.kindLabel")}
        ariaLabel={t("queues.options.kindOf", { number })}
        value={node.kind}
        options={[
          { value: "message", label: t("queues.options.kindMessage") },
          { value: "billing", label: t("queues.options.kindBilling") },
        ]}
        onChange={(kind) => onChange({ kind: kind === "billing" ? "billing" : "message" })}
      />
      {queues.length > 0 && (
        <LeafSelect
          id={`${base}-forward`}
          label={t("queues.options.forwardLabel")}
          ariaLabel={t("queues.options.forwardOf", { number })}
          value={known ? String(node.forwardQueueId) : ""}
          options={[
            { value: "", label: t("queues.options.forwardNone") },
            ...queues.map((queue) => ({ value: String(queue.id), label: queue.name })),
          ]}
          onChange={(picked) => onChange({ forwardQueueId: picked ? Number(picked) : null })}
        />
      )}
    </div>
  );
}

function LeafSelect(
  { id, label, ariaLabel, value, options, onChange }: {
    id: string;
    label: string;
    ariaLabel: string;
    value: string;
    options: { value: string; label: string }[];
    onChange: (value: string) => void;
  },
) {
  return (
    <div class="flex min-w-0 flex-col gap-1">
      <label for={id} class="text-[13px] font-medium text-fg-muted">{label}</label>
      <div class="relative min-w-0">
        <select
          id={id}
          value={value}
          aria-label={ariaLabel}
          onChange={(event) => onChange(event.currentTarget.value)}
          class={cx(CONTROL_CLASSES, "appearance-none pr-9")}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>{option.label}</option>
          ))}
        </select>
        <ChevronDownIcon
          size={16}
          class="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-fg-subtle"
        />
      </div>
    </div>
  );
}
