/** The heading of a private page: its title, an optional line under it, and its main actions. */
import type { ComponentChildren } from "preact";
import { cx } from "../ui/cx.ts";

export interface PageHeaderProps {
  title: string;
  description?: ComponentChildren;
  /** Buttons at the right (under the title on phones). */
  actions?: ComponentChildren;
  class?: string;
}

export function PageHeader({ title, description, actions, class: extra }: PageHeaderProps) {
  return (
    <header class={cx("mb-6 flex flex-wrap items-end justify-between gap-x-6 gap-y-3", extra)}>
      <div class="min-w-0">
        <h1 class="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
        {description && <p class="mt-1 max-w-2xl text-sm text-fg-muted">{description}</p>}
      </div>
      {actions && <div class="flex flex-wrap items-center gap-2">{actions}</div>}
    </header>
  );
}
