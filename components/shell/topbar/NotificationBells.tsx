/**
 * The announcements bell and the internal chat bell (core §2 "Top bar"). They show what the
 * announcements and chat features put in `lib/ui/shell_signals.ts`; until those exist the
 * lists are empty and the panels say so.
 */
import type { ComponentChildren } from "preact";
import { useT } from "../../../lib/i18n/client.ts";
import { usePopover } from "../../../lib/ui/popover.ts";
import { announcementNotices, chatNotices, unreadChats } from "../../../lib/ui/shell_signals.ts";
import { buttonClasses } from "../../ui/Button.tsx";
import { cx } from "../../ui/cx.ts";
import { BellIcon, ChatsIcon } from "../icons.tsx";
import { POPOVER_ANCHOR, PopoverPanel } from "./PopoverPanel.tsx";

const PRIORITY_DOT = { 1: "bg-red-500", 2: "bg-amber-500", 3: "bg-fg-subtle" } as const;

function Bell(
  { id, label, icon, count, title, empty, children, footer }: {
    id: string;
    label: string;
    icon: ComponentChildren;
    count: number;
    title: string;
    empty: string;
    /** The list; leave out when there is nothing, and the empty text shows. */
    children?: ComponentChildren;
    footer?: ComponentChildren;
  },
) {
  const popover = usePopover();
  const name = count > 0 ? `${label} (${count})` : label;
  return (
    <div ref={popover.root} class={POPOVER_ANCHOR}>
      <button
        ref={popover.button}
        type="button"
        class={cx(buttonClasses("ghost", "icon"), "relative")}
        aria-label={name}
        title={label}
        aria-expanded={popover.open}
        aria-controls={id}
        onClick={popover.toggle}
      >
        {icon}
        {count > 0 && (
          <span class="absolute right-1 top-1 grid h-4 min-w-4 place-items-center rounded-full bg-red-600 px-1 text-[10px] font-semibold leading-none text-white ring-2 ring-surface">
            {count > 99 ? "99+" : count}
          </span>
        )}
      </button>
      {popover.open && (
        <PopoverPanel id={id} label={label}>
          <p class="border-b border-line px-4 py-3 text-[13px] font-semibold">{title}</p>
          {children ?? (
            <p class="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-fg-muted">
              {icon}
              {empty}
            </p>
          )}
          {footer}
        </PopoverPanel>
      )}
    </div>
  );
}

export function AnnouncementsBell() {
  const t = useT();
  const items = announcementNotices.value;
  return (
    <Bell
      id="shell-announcements"
      label={t("shell.announcements.label")}
      title={t("shell.announcements.title")}
      empty={t("shell.announcements.empty")}
      icon={<BellIcon />}
      count={items.length}
    >
      {items.length > 0
        ? (
          <ul class="max-h-96 divide-y divide-line overflow-y-auto">
            {items.map((item) => (
              <li key={item.id} class="flex gap-3 px-4 py-3">
                <span
                  class={cx("mt-1.5 size-2 shrink-0 rounded-full", PRIORITY_DOT[item.priority])}
                  aria-hidden="true"
                />
                <div class="min-w-0">
                  <p class="truncate text-sm font-medium">{item.title}</p>
                  <p class="line-clamp-2 text-[13px] text-fg-muted">{item.text}</p>
                </div>
              </li>
            ))}
          </ul>
        )
        : undefined}
    </Bell>
  );
}

export function ChatBell() {
  const t = useT();
  const items = chatNotices.value;
  return (
    <Bell
      id="shell-chats"
      label={t("shell.chats.label")}
      title={t("shell.chats.title")}
      empty={t("shell.chats.empty")}
      icon={<ChatsIcon />}
      count={unreadChats.value}
      footer={
        <a
          href="/chats"
          class="block border-t border-line px-4 py-2.5 text-center text-[13px] font-medium text-brand-700 hover:bg-surface-muted dark:text-brand-300"
        >
          {t("shell.chats.open")}
        </a>
      }
    >
      {items.length > 0
        ? (
          <ul class="max-h-96 divide-y divide-line overflow-y-auto">
            {items.map((item) => (
              <li key={item.uuid}>
                <a
                  href={`/chats/${encodeURIComponent(item.uuid)}`}
                  class="flex items-center gap-3 px-4 py-3 hover:bg-surface-muted"
                >
                  <div class="min-w-0 flex-1">
                    <p class="truncate text-sm font-medium">{item.title}</p>
                    <p class="truncate text-[13px] text-fg-muted">{item.lastMessage}</p>
                  </div>
                  <span class="grid h-5 min-w-5 place-items-center rounded-full bg-brand-600 px-1.5 text-[11px] font-semibold text-white">
                    {item.unreads}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )
        : undefined}
    </Bell>
  );
}
