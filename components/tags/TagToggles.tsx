/**
 * The company's tags as a row of switches (aria-pressed buttons): a chosen tag shows on its
 * own colour, the others as an outline with a colour dot. The ticket's tags and the
 * contact's tags in the contact panel are two of these.
 */
import { cx } from "../ui/cx.ts";
import { textColourOn } from "./TagChip.tsx";

export interface TagTogglesProps {
  label: string;
  tags: { id: number; name: string; color: string }[];
  chosen: number[];
  onToggle: (id: number) => void;
}

export function TagToggles({ label, tags, chosen, onToggle }: TagTogglesProps) {
  return (
    <div class="flex flex-wrap gap-1.5" role="group" aria-label={label}>
      {tags.map((tag) => {
        const on = chosen.includes(tag.id);
        return (
          <button
            key={tag.id}
            type="button"
            aria-pressed={on}
            onClick={() => onToggle(tag.id)}
            class={cx(
              "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium",
              on
                ? "border-transparent ring-1 ring-inset ring-black/10 dark:ring-white/25"
                : "border-line text-fg-muted hover:bg-surface-muted",
            )}
            style={on ? { backgroundColor: tag.color, color: textColourOn(tag.color) } : undefined}
          >
            {!on && <span class="size-2 rounded-full" style={{ backgroundColor: tag.color }} />}
            {tag.name}
          </button>
        );
      })}
    </div>
  );
}
