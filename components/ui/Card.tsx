/** A bordered surface with an optional heading: the basic block of settings and dashboards. */
import type { ComponentChildren } from "preact";
import { cx } from "./cx.ts";

export interface CardProps {
  title?: string;
  description?: string;
  /** Top-right content of the header, such as a badge or a button. */
  aside?: ComponentChildren;
  class?: string;
  children?: ComponentChildren;
}

export function Card({ title, description, aside, class: extra, children }: CardProps) {
  return (
    <section
      // min-w-0: inside grids a wide table must scroll sideways, not stretch the page.
      class={cx(
        "min-w-0 rounded-(--radius-card) border border-line bg-surface shadow-(--shadow-card)",
        extra,
      )}
    >
      {title && (
        <header class="flex items-start justify-between gap-4 px-4 pt-4 sm:px-5 sm:pt-5">
          <div class="min-w-0">
            <h2 class="text-[15px] font-semibold text-fg">{title}</h2>
            {description && <p class="mt-1 text-sm text-fg-muted">{description}</p>}
          </div>
          {aside}
        </header>
      )}
      <div class="p-4 sm:p-5">{children}</div>
    </section>
  );
}
