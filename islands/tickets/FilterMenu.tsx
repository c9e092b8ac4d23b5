/**
 * A compact multi-choice filter (queues, tags, users above the ticket list): a button that
 * shows how many are chosen and opens a list of checkboxes. Escape or a click outside
 * closes it; choices apply at once.
 */
import { ChevronDownIcon } from "../../components/icons.tsx";
import { cx } from "../../components/ui/cx.ts";
import { usePopover } from "../../lib/ui/popover.ts";

export interface FilterOption {
  id: number;
  label: string;
  color?: string;
}

export interface FilterMenuProps {
  label: string;
  options: FilterOption[];
  chosen: number[];
  onChange: (ids: number[]) => void;
  /** Shown when the list is empty. */
  emptyText: string;
}

export function FilterMenu({ label, options, chosen, onChange, emptyText }: FilterMenuProps) {
  const menu = usePopover<HTMLDivElement>();

  const toggle = (id: number) =>
    onChange(chosen.includes(id) ? chosen.filter((one) => one !== id) : [...chosen, id]);

  return (
    <div ref={menu.root} class="relative">
      <button
        type="button"
        ref={menu.button}
        aria-expanded={menu.open}
        onClick={menu.toggle}
        class={cx(
          "inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-xs font-medium transition-colors",
          chosen.length
            ? "border-brand-300 bg-brand-50 text-brand-800 dark:border-brand-700 dark:bg-brand-950 dark:text-brand-200"
            : "border-line-strong bg-surface text-fg-muted hover:text-fg",
        )}
      >
        {label}
        {chosen.length > 0 && (
          <span class="rounded-full bg-brand-600 px-1.5 text-[11px] leading-4 text-white">
            {chosen.length}
          </span>
        )}
        <ChevronDownIcon size={14} />
      </button>
      {menu.open && (
        <div
          role="group"
          aria-label={label}
          class="absolute left-0 z-30 mt-1 max-h-72 w-60 overflow-y-auto rounded-xl border border-line bg-surface p-1.5 shadow-(--shadow-pop)"
        >
          {options.length === 0 && <p class="px-2 py-1.5 text-sm text-fg-subtle">{emptyText}</p>}
          {options.map((option) => (
            <label
              key={option.id}
              class="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-fg hover:bg-surface-muted"
            >
              <input
                type="checkbox"
                class="size-4 accent-brand-600"
                checked={chosen.includes(option.id)}
                onChange={() => toggle(option.id)}
              />
              {option.color && (
                <span
                  class="size-2.5 shrink-0 rounded-full"
                  style={{ backgroundColor: option.color }}
                />
              )}
              <span class="truncate">{option.label}</span>
            </label>
          ))}
        </div>
      )}
    </div>
  );
}
