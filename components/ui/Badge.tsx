/** Small labels: ticket statuses, tags, counts. Colours carry meaning, text carries it too. */
import type { ComponentChildren } from "preact";
import { cx } from "./cx.ts";

export type BadgeTone = "neutral" | "brand" | "success" | "warning" | "danger" | "info";

export interface BadgeProps {
  tone?: BadgeTone;
  /** A leading dot, for statuses. */
  dot?: boolean;
  class?: string;
  children: ComponentChildren;
}

const TONES: Record<BadgeTone, { badge: string; dot: string }> = {
  neutral: { badge: "bg-surface-sunken text-fg-muted ring-line-strong", dot: "bg-fg-subtle" },
  brand: {
    badge:
      "bg-brand-50 text-brand-800 ring-brand-200 dark:bg-brand-950 dark:text-brand-200 dark:ring-brand-800",
    dot: "bg-brand-500",
  },
  success: {
    badge:
      "bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950/60 dark:text-emerald-200 dark:ring-emerald-800",
    dot: "bg-emerald-500",
  },
  warning: {
    badge:
      "bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950/60 dark:text-amber-200 dark:ring-amber-800",
    dot: "bg-amber-500",
  },
  danger: {
    badge:
      "bg-red-50 text-red-700 ring-red-200 dark:bg-red-950/60 dark:text-red-200 dark:ring-red-800",
    dot: "bg-red-500",
  },
  info: {
    badge:
      "bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-950/60 dark:text-sky-200 dark:ring-sky-800",
    dot: "bg-sky-500",
  },
};

/** The tone of each ticket status, so every screen colours them alike. */
export const TICKET_STATUS_TONE = {
  pending: "warning",
  open: "brand",
  closed: "neutral",
} as const satisfies Record<string, BadgeTone>;

export function Badge({ tone = "neutral", dot = false, class: extra, children }: BadgeProps) {
  const colours = TONES[tone];
  return (
    <span
      class={cx(
        "inline-flex h-6 items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 text-xs font-medium ring-1 ring-inset",
        colours.badge,
        extra,
      )}
    >
      {dot && <span class={cx("size-1.5 rounded-full", colours.dot)} aria-hidden="true" />}
      {children}
    </span>
  );
}
