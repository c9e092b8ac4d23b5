/**
 * Picks several queues: one checkbox per queue, drawn as a chip in the queue's colour, filled
 * when chosen. Real checkboxes keep the keyboard (Tab, Space) and screen readers working.
 */
import type { QueueChip as Queue } from "../../services/users/user_view.ts";
import { CheckIcon } from "../icons.tsx";
import { cx } from "../ui/cx.ts";
import { safeColor, textColorOn } from "./QueueChip.tsx";

export interface QueuePickerProps {
  id: string;
  label: string;
  queues: Queue[];
  selected: readonly number[];
  onChange: (selected: number[]) => void;
  /** Shown instead of the chips when the company has no queues. */
  emptyText: string;
  error?: string;
}

export function QueuePicker(
  { id, label, queues, selected, onChange, emptyText, error }: QueuePickerProps,
) {
  const chosen = new Set(selected);
  const toggle = (queueId: number) => {
    const next = new Set(chosen);
    if (next.has(queueId)) next.delete(queueId);
    else next.add(queueId);
    onChange(queues.map((queue) => queue.id).filter((queueId) => next.has(queueId)));
  };
  return (
    <fieldset class="flex flex-col gap-1.5" aria-describedby={error ? `${id}-error` : undefined}>
      <legend class="mb-1.5 text-sm font-medium text-fg">{label}</legend>
      {queues.length === 0
        ? <p class="text-[13px] text-fg-subtle">{emptyText}</p>
        : (
          <div class="flex flex-wrap gap-2">
            {queues.map((queue) => {
              const on = chosen.has(queue.id);
              const color = safeColor(queue.color);
              return (
                <label
                  key={queue.id}
                  class={cx(
                    "inline-flex h-8 cursor-pointer select-none items-center gap-1.5 rounded-full border px-3 text-[13px] font-medium transition-colors",
                    "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-(--app-ring)",
                    on
                      ? "border-transparent"
                      : "border-line-strong bg-surface text-fg hover:bg-surface-muted",
                  )}
                  style={on ? { backgroundColor: color, color: textColorOn(color) } : undefined}
                >
                  <input
                    type="checkbox"
                    class="sr-only"
                    name="queueIds"
                    value={String(queue.id)}
                    checked={on}
                    onChange={() => toggle(queue.id)}
                  />
                  {on ? <CheckIcon size={14} /> : (
                    <span
                      class="size-2.5 rounded-full"
                      style={{ backgroundColor: color }}
                      aria-hidden="true"
                    />
                  )}
                  {queue.name}
                </label>
              );
            })}
          </div>
        )}
      {error && <p id={`${id}-error`} class="text-[13px] text-red-700 dark:text-red-400">{error}
      </p>}
    </fieldset>
  );
}
