/**
 * The announcements bell and the internal chat bell (core §2 "Top bar"). They show what the
 * announcements and chat features put in `lib/ui/shell_signals.ts` (the top bar island feeds
 * them); an empty list says so.
 */
import type { ComponentChildren } from "preact";
import { clientLanguage, useT } from "../../../lib/i18n/client.ts";
import { formatDateTime } from "../../../lib/i18n/format.ts";
import { usePopover } from "../../../lib/ui/popover.ts";
import { announcementNotices, chatNotices, unreadChats } from "../../../lib/ui/shell_signals.ts";
import { buttonClasses } from "../../ui/Button.tsx";
import { cx } from "../../ui/cx.ts";
import { BellIcon, ChatsIcon } from "../icons.tsx";
import { POPOVER_ANCHOR, PopoverPanel } from "./PopoverPanel.tsx";

const PRIORITY_DOT = { 1: "bg-red-500", 2: "bg-amber-500", 3: "bg-fg-subtle" } as const;

function Bell(
  { id, label, icon, count, dot, title, empty, children, footer, onOpen }: {
    id: string;
    /** A dot instead of a number (the chat icon: "something new", core §2). */
    dot?: boolean;
    /** Called each time the panel opens (the announcements are then read). */
    onOpen?: () => void;
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
        onClick={() => {
          if (!popover.open) onOpen?.();
          popover.toggle();
        }}
      >
        {icon}
        {count > 0 && dot && (
          <span
            data-unread-dot
            class="absolute right-1.5 top-1.5 size-2.5 rounded-full bg-red-600 ring-2 ring-surface"
          />
        )}
        {count > 0 && !dot && (
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

export function AnnouncementsBell({ onOpen }: { onOpen?: () => void }) {
  const t = useT();
  const items = announcementNotices.value;
  return (
    <Bell
      id="shell-announcements"
      label={t("shell.announcements.label")}
      title={t("shell.announcements.title")}
      empty={t("shell.announcements.empty")}
      icon={<BellIcon />}
      count={items.filter((item) => !item.read).length}
      onOpen={onOpen}
    >
      {items.length > 0
        ? (
          <ul class="max-h-96 divide-y divide-line overflow-y-auto">
            {items.map((item) => (
              <li
                key={item.id}
                data-announcement={item.id}
                data-read={item.read ? "true" : "false"}
                class={cx(
                  "flex gap-3 px-4 py-3",
                  !item.read && "bg-brand-50/60 dark:bg-brand-950/30",
                )}
              >
                <span
                  class={cx("mt-1.5 size-2 shrink-0 rounded-full", PRIORITY_DOT[item.priority])}
                  title={t(`shell.announcements.priority${item.priority}`)}
                />
                <div class="min-w-0 flex-1">
                  <p class={cx("text-sm", item.read ? "font-medium" : "font-semibold")}>
                    {item.title}
                    {!item.read && (
                      <span class="sr-only">{` (${t("shell.announcements.new")})`}</span>
                    )}
                  </p>
                  <p class="whitespace-pre-line text-[13px] text-fg-muted">{item.text}</p>
                  {item.mediaPath && (
                    <a href={item.mediaPath} target="_blank" rel="noopener">
                      <img
                        src={item.mediaPath}
                        alt=""
                        loading="lazy"
                        class="mt-2 max-h-40 w-full rounded-lg border border-line object-cover"
                      />
                    </a>
                  )}
                  <p class="mt-1 text-[11px] text-fg-subtle">
                    {formatDateTime(item.createdAt, clientLanguage())}
                  </p>
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
      dot
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
