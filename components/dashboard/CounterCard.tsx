/** One dashboard figure: its name, its value, and a line under it (when, or the spread). */
import type { ComponentChildren } from "preact";
import { cx } from "../ui/cx.ts";

export interface CounterCardProps {
  label: string;
  value: ComponentChildren;
  note?: string;
  /** The accent on the card's left edge. */
  tone?: "brand" | "warning" | "info" | "neutral";
  class?: string;
}

const TONES = {
  brand: "before:bg-brand-500",
  warning: "before:bg-amber-500",
  info: "before:bg-sky-500",
  neutral: "before:bg-line-strong",
};

export function CounterCard(
  { label, value, note, tone = "neutral", class: extra }: CounterCardProps,
) {
  return (
    <div
      class={cx(
        "relative min-w-0 overflow-hidden rounded-(--radius-card) border border-line bg-surface px-4 py-3.5 shadow-(--shadow-card)",
        "before:absolute before:inset-y-0 before:left-0 before:w-1",
        TONES[tone],
        extra,
      )}
    >
      <dt class="truncate text-[13px] font-medium text-fg-muted">{label}</dt>
      <dd class="mt-1 text-2xl font-semibold tabular-nums text-fg">{value}</dd>
      {note && <dd class="mt-0.5 truncate text-xs text-fg-subtle">{note}</dd>}
    </div>
  );
}
