/** The list's "icon by type" (admin §2): a coloured mark with the type's name beside it. */
import { cx } from "../ui/cx.ts";
import type { IntegrationRow } from "./types.ts";

const MARKS: Record<IntegrationRow["type"], { letter: string; tone: string }> = {
  typebot: {
    letter: "T",
    tone: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200",
  },
  n8n: {
    letter: "n8n",
    tone: "bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200",
  },
  webhook: {
    letter: "{ }",
    tone: "bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200",
  },
  dialogflow: {
    letter: "D",
    tone: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200",
  },
};

export function TypeBadge({ type, label }: { type: IntegrationRow["type"]; label: string }) {
  const mark = MARKS[type];
  return (
    <span class="inline-flex items-center gap-2 whitespace-nowrap">
      <span
        aria-hidden="true"
        class={cx(
          "inline-flex h-7 min-w-7 shrink-0 items-center justify-center whitespace-nowrap rounded-md px-1 text-xs font-bold",
          mark.tone,
        )}
      >
        {mark.letter}
      </span>
      <span class="text-sm text-fg">{label}</span>
    </span>
  );
}
