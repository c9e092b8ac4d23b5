/**
 * Tabs with the ARIA tab pattern. Server-rendered tabs are links (`href`), so switching
 * works with no script. Inside an island, arrow keys, Home and End move between tabs, and
 * button tabs (with `onSelect`) are selected as focus moves (automatic activation).
 */
import type { ComponentChildren } from "preact";
import { cx } from "./cx.ts";

export interface TabItem {
  id: string;
  label: string;
  /** A small count next to the label, such as unread tickets. */
  count?: number;
  href?: string;
}

export interface TabsProps {
  /** Accessible name of the tab list. */
  label: string;
  tabs: TabItem[];
  selected: string;
  /** Prefix for element ids, unique on the page. */
  idBase: string;
  onSelect?: (id: string) => void;
  class?: string;
  /**
   * Whether each tab has its panel (`panelId`) on the page; tabs that switch one shared
   * view (the ticket lists) have none, and point at nothing.
   */
  withPanels?: boolean;
}

export function tabId(idBase: string, tab: string): string {
  return `${idBase}-tab-${tab}`;
}

export function panelId(idBase: string, tab: string): string {
  return `${idBase}-panel-${tab}`;
}

export function Tabs(
  { label, tabs, selected, idBase, onSelect, class: extra, withPanels = true }: TabsProps,
) {
  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={(event) => moveFocus(event, onSelect)}
      class={cx("flex overflow-x-auto sm:gap-1 border-b border-line", extra)}
    >
      {tabs.map((tab) => {
        const isSelected = tab.id === selected;
        const common = {
          role: "tab" as const,
          id: tabId(idBase, tab.id),
          "data-tab": tab.id,
          "aria-selected": isSelected,
          "aria-controls": withPanels ? panelId(idBase, tab.id) : undefined,
          tabIndex: isSelected ? 0 : -1,
          class: cx(
            "-mb-px inline-flex h-10 shrink-0 items-center gap-1.5 border-b-2 px-2 text-[13px] sm:gap-2 sm:px-3 sm:text-sm font-medium transition-colors",
            isSelected
              ? "border-brand-600 text-fg dark:border-brand-400"
              : "border-transparent text-fg-muted hover:border-line-strong hover:text-fg",
          ),
        };
        const inner = (
          <>
            {tab.label}
            {tab.count !== undefined && (
              <span
                class={cx(
                  "min-w-5 rounded-full px-1.5 text-center text-[11px] leading-5 tabular-nums sm:text-xs",
                  isSelected
                    ? "bg-brand-100 text-brand-800 dark:bg-brand-900 dark:text-brand-200"
                    : "bg-surface-sunken text-fg-muted",
                )}
              >
                {tab.count}
              </span>
            )}
          </>
        );
        return tab.href
          ? <a key={tab.id} href={tab.href} {...common}>{inner}</a>
          : (
            <button key={tab.id} type="button" {...common} onClick={() => onSelect?.(tab.id)}>
              {inner}
            </button>
          );
      })}
    </div>
  );
}

const KEY_STEPS: Record<string, number | "first" | "last"> = {
  ArrowRight: 1,
  ArrowDown: 1,
  ArrowLeft: -1,
  ArrowUp: -1,
  Home: "first",
  End: "last",
};

function moveFocus(event: KeyboardEvent, onSelect?: (id: string) => void) {
  // Modified arrows belong to the page's shortcuts (Alt+↓ is "next ticket" on /tickets).
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const step = KEY_STEPS[event.key];
  if (step === undefined) return;
  const list = event.currentTarget as HTMLElement;
  const tabs = Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]'));
  const current = tabs.indexOf(event.target as HTMLElement);
  if (current < 0 || tabs.length === 0) return;
  const index = step === "first"
    ? 0
    : step === "last"
    ? tabs.length - 1
    : (current + step + tabs.length) % tabs.length;
  const target = tabs[index];
  if (!target) return;
  event.preventDefault();
  target.focus();
  // Links wait for Enter (it navigates); buttons select at once.
  if (onSelect && target.tagName === "BUTTON") onSelect(target.dataset.tab ?? "");
}

export interface TabPanelProps {
  idBase: string;
  tab: string;
  children?: ComponentChildren;
  class?: string;
}

export function TabPanel({ idBase, tab, children, class: extra }: TabPanelProps) {
  return (
    <div
      role="tabpanel"
      id={panelId(idBase, tab)}
      aria-labelledby={tabId(idBase, tab)}
      tabIndex={0}
      class={extra}
    >
      {children}
    </div>
  );
}
