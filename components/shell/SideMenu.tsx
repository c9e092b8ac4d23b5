/**
 * The side menu, rendered on the server from `visibleMenu` (menu.ts). Its width and
 * visibility come from the shell's `data-drawer` state through CSS only, so it is drawn
 * right before any script runs; labels hide by container query when it is icons-only.
 */
import type { ComponentType } from "preact";
import { ChatDot, ConnectionsWarning } from "../../islands/MenuBadges.tsx";
import type { TFunction } from "../../lib/i18n/languages.ts";
import {
  ChatIcon,
  ChevronDownIcon,
  type IconProps,
  PhoneIcon,
  TagIcon,
  UsersIcon,
} from "../icons.tsx";
import { Logo } from "../Logo.tsx";
import { cx } from "../ui/cx.ts";
import {
  BlocksIcon,
  BoltIcon,
  CalendarIcon,
  CardIcon,
  ChatsIcon,
  CheckSquareIcon,
  ClipboardIcon,
  CodeIcon,
  ColumnsIcon,
  ContactIcon,
  FlowIcon,
  FolderIcon,
  GearIcon,
  GridIcon,
  HelpIcon,
  ListIcon,
  MegaphoneIcon,
  NewspaperIcon,
  SlidersIcon,
  SparklesIcon,
} from "./icons.tsx";
import { isActiveHref, type MenuGroup, type MenuIconName, type MenuLink } from "./menu.ts";
import type { MenuSection } from "./menu.ts";
import { DRAWER_ID } from "./topbar/DrawerButton.tsx";

const ICONS: Record<MenuIconName, ComponentType<IconProps>> = {
  dashboard: GridIcon,
  tickets: ChatIcon,
  quickMessages: BoltIcon,
  kanban: ColumnsIcon,
  todolist: CheckSquareIcon,
  contacts: ContactIcon,
  schedules: CalendarIcon,
  tags: TagIcon,
  chats: ChatsIcon,
  helps: HelpIcon,
  campaigns: MegaphoneIcon,
  campaignList: ListIcon,
  contactLists: ClipboardIcon,
  campaignsConfig: SlidersIcon,
  announcements: NewspaperIcon,
  prompts: SparklesIcon,
  integrations: BlocksIcon,
  connections: PhoneIcon,
  files: FolderIcon,
  queues: FlowIcon,
  users: UsersIcon,
  messagesApi: CodeIcon,
  financeiro: CardIcon,
  settings: GearIcon,
};

/** Labels and the like disappear (for sight only) when the menu is icons-only. */
const WHEN_WIDE = "@max-[11rem]/drawer:sr-only";
const ITEM = "flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors " +
  "@max-[11rem]/drawer:justify-center @max-[11rem]/drawer:px-0";
const IDLE = "text-fg-muted hover:bg-surface-muted hover:text-fg";
const ACTIVE = "bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200";

export interface SideMenuProps {
  sections: MenuSection[];
  /** The current page's path, to highlight its entry. */
  path: string;
  version: string;
  t: TFunction;
}

function Link({ entry, path, t }: { entry: MenuLink; path: string; t: TFunction }) {
  const Icon = ICONS[entry.id];
  const active = isActiveHref(entry.href, path);
  const label = t(`menu.items.${entry.id}`);
  return (
    <li>
      <a
        href={entry.href}
        title={label}
        aria-current={active ? "page" : undefined}
        class={cx(ITEM, active ? ACTIVE : IDLE)}
      >
        <span class="relative shrink-0">
          <Icon size={20} />
          {entry.badge === "connections" && <ConnectionsWarning />}
          {entry.badge === "chats" && <ChatDot />}
        </span>
        <span class={cx("truncate", WHEN_WIDE)}>{label}</span>
      </a>
    </li>
  );
}

function Group({ entry, path, t }: { entry: MenuGroup; path: string; t: TFunction }) {
  const Icon = ICONS[entry.id];
  const active = entry.children.some((child) => isActiveHref(child.href, path));
  const label = t(`menu.items.${entry.id}`);
  return (
    <li>
      <details open={active} class="group/menu">
        <summary
          title={label}
          class={cx(ITEM, IDLE, "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}
        >
          <Icon size={20} class="shrink-0" />
          <span class={cx("flex-1 truncate", WHEN_WIDE)}>{label}</span>
          <ChevronDownIcon
            size={16}
            class={cx("shrink-0 transition-transform group-open/menu:rotate-180", WHEN_WIDE)}
          />
        </summary>
        <ul class="mt-0.5 flex flex-col gap-0.5 pl-4 @max-[11rem]/drawer:pl-0">
          {entry.children.map((child) => <Link key={child.href} entry={child} path={path} t={t} />)}
        </ul>
      </details>
    </li>
  );
}

export function SideMenu({ sections, path, version, t }: SideMenuProps) {
  return (
    // The wrapper holds the menu's place in the layout; the menu itself is fixed, so below
    // 1200 px it can open over the page without pushing it.
    <div
      class={cx(
        "w-0 shrink-0 transition-[width] duration-200 ease-out min-[600px]:w-[4.5rem]",
        "min-[1200px]:group-data-[drawer=auto]/shell:w-64",
        "min-[1200px]:group-data-[drawer=open]/shell:w-64",
      )}
    >
      <aside
        id={DRAWER_ID}
        aria-label={t("menu.label")}
        class={cx(
          "@container/drawer fixed inset-y-0 left-0 z-40 flex w-72 flex-col border-r border-line bg-surface",
          "transition-[translate,width,visibility] duration-200 ease-out",
          // Phones: off-screen (and out of the tab order) until opened over the page.
          "invisible -translate-x-full",
          "group-data-[drawer=open]/shell:visible group-data-[drawer=open]/shell:translate-x-0",
          // From 600 px: icons only, full width when opened or, from 1200 px, by default.
          "min-[600px]:visible min-[600px]:translate-x-0 min-[600px]:w-[4.5rem]",
          "min-[600px]:group-data-[drawer=open]/shell:w-64",
          "min-[1200px]:group-data-[drawer=auto]/shell:w-64",
          // Lying over the page (below 1200 px), it casts a shadow.
          "max-[1200px]:group-data-[drawer=open]/shell:shadow-(--shadow-pop)",
        )}
      >
        <a
          href="/"
          class="flex h-14 shrink-0 items-center gap-2.5 border-b border-line px-[1.125rem] font-semibold tracking-tight text-fg"
        >
          <Logo size={28} class="shrink-0" />
          <span class={cx("text-[15px]", WHEN_WIDE)}>{t("common.appName")}</span>
        </a>
        <nav
          class="flex-1 overflow-y-auto overflow-x-hidden px-2.5 py-3"
          aria-label={t("menu.label")}
        >
          {sections.map((section) => (
            <div key={section.id} class={section.id === "admin" ? "mt-4" : undefined}>
              {section.id === "admin" && (
                <>
                  <div class="mx-2 mb-2 border-t border-line" aria-hidden="true" />
                  <p
                    class={cx(
                      "px-3 pb-1 text-[11px] font-semibold uppercase tracking-wider text-fg-subtle",
                      WHEN_WIDE,
                    )}
                  >
                    {t("menu.admin")}
                  </p>
                </>
              )}
              <ul class="flex flex-col gap-0.5">
                {section.entries.map((entry) =>
                  entry.kind === "link"
                    ? <Link key={entry.href} entry={entry} path={path} t={t} />
                    : <Group key={entry.id} entry={entry} path={path} t={t} />
                )}
              </ul>
            </div>
          ))}
        </nav>
        <p
          class="shrink-0 truncate border-t border-line px-4 py-3 text-xs text-fg-subtle @max-[11rem]/drawer:px-0 @max-[11rem]/drawer:text-center"
          title={t("menu.version", { version })}
        >
          <span class={WHEN_WIDE}>{t("common.appName")}</span> v{version}
        </p>
      </aside>
    </div>
  );
}
