/** A grid of links to the places people go most, each with what it is for. */
import type { ComponentType } from "preact";
import type { IconProps } from "../icons.tsx";
import { ChevronRightIcon } from "../shell/icons.tsx";

export interface Shortcut {
  href: string;
  title: string;
  text: string;
  icon: ComponentType<IconProps>;
}

export function Shortcuts({ items }: { items: Shortcut[] }) {
  return (
    <ul class="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {items.map(({ href, title, text, icon: Icon }) => (
        <li key={href}>
          <a
            href={href}
            class="group flex h-full items-start gap-3 rounded-(--radius-card) border border-line bg-surface p-4 shadow-(--shadow-card) transition-colors hover:border-brand-300 hover:bg-brand-50/40 dark:hover:border-brand-800 dark:hover:bg-brand-950/40"
          >
            <span class="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
              <Icon size={20} />
            </span>
            <span class="min-w-0 flex-1">
              <span class="flex items-center gap-1 text-sm font-semibold text-fg">
                {title}
                <ChevronRightIcon
                  size={16}
                  class="text-fg-subtle transition-transform group-hover:translate-x-0.5"
                />
              </span>
              <span class="mt-0.5 block text-[13px] text-fg-muted">{text}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
