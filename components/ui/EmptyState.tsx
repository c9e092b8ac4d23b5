/** What a list shows when it has nothing yet: what it is for, and the first step to take. */
import type { ComponentChildren } from "preact";
import { cx } from "./cx.ts";

export interface EmptyStateProps {
  icon?: ComponentChildren;
  title: string;
  text?: string;
  /** Usually one Button. */
  action?: ComponentChildren;
  class?: string;
}

export function EmptyState({ icon, title, text, action, class: extra }: EmptyStateProps) {
  return (
    <div class={cx("flex flex-col items-center px-6 py-10 text-center", extra)}>
      {icon && (
        <div class="mb-4 grid size-12 place-items-center rounded-full bg-brand-50 text-brand-700 ring-8 ring-brand-50/50 dark:bg-brand-950 dark:text-brand-300 dark:ring-brand-950/40">
          {icon}
        </div>
      )}
      <p class="text-balance text-[15px] font-semibold text-fg">{title}</p>
      {text && <p class="mt-1 max-w-sm text-balance text-sm text-fg-muted">{text}</p>}
      {action && <div class="mt-5">{action}</div>}
    </div>
  );
}
