/**
 * The side menu's entries (core §2 "Private (menu)", admin §2): their order, icons, groups
 * and badges. Who sees which is not said here: it is the route table's
 * (services/accounts/pages.ts), the same rule the page guard applies, so an entry is shown
 * exactly when its page opens.
 */
import type { PageRequirement, PageViewer } from "../../services/accounts/page_access.ts";
import {
  billingHrefs,
  isUnder,
  mayOpen,
  PAGE_RULES,
  pageRuleAt,
  type PageRules,
} from "../../services/accounts/pages.ts";

export type MenuIconName =
  | "dashboard"
  | "tickets"
  | "quickMessages"
  | "kanban"
  | "todolist"
  | "contacts"
  | "schedules"
  | "tags"
  | "chats"
  | "helps"
  | "campaigns"
  | "campaignList"
  | "contactLists"
  | "campaignsConfig"
  | "announcements"
  | "prompts"
  | "integrations"
  | "connections"
  | "files"
  | "queues"
  | "users"
  | "messagesApi"
  | "financeiro"
  | "settings";

export interface MenuLink {
  kind: "link";
  /** Also the key of its label: `menu.items.<id>`. */
  id: MenuIconName;
  href: string;
  /** What its page asks beyond its section's rule (set by `menuLinkAt`, from the route table). */
  requires?: PageRequirement;
  /** A live mark driven by another feature (lib/ui/shell_signals.ts). */
  badge?: "connections" | "chats";
}

/** A group shows when one of its links does. */
export interface MenuGroup {
  kind: "group";
  id: MenuIconName;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export interface MenuSection {
  id: "main" | "admin";
  entries: MenuEntry[];
}

const link = (
  id: MenuIconName,
  href: string,
  extra: Omit<MenuLink, "kind" | "id" | "href"> = {},
): MenuLink => ({ kind: "link", id, href, ...extra });

export const MENU: readonly MenuSection[] = [
  {
    id: "main",
    entries: [
      link("dashboard", "/"),
      link("tickets", "/tickets"),
      link("quickMessages", "/quick-messages"),
      link("kanban", "/kanban"),
      link("todolist", "/todolist"),
      link("contacts", "/contacts"),
      link("schedules", "/schedules"),
      link("tags", "/tags"),
      link("chats", "/chats", { badge: "chats" }),
      link("helps", "/helps"),
    ],
  },
  {
    id: "admin",
    entries: [
      {
        kind: "group",
        id: "campaigns",
        children: [
          link("campaignList", "/campaigns"),
          link("contactLists", "/contact-lists"),
          link("campaignsConfig", "/campaigns-config"),
        ],
      },
      link("announcements", "/announcements"),
      link("prompts", "/prompts"),
      link("integrations", "/queue-integration"),
      link("connections", "/connections", { badge: "connections" }),
      link("files", "/files"),
      link("queues", "/queues"),
      link("users", "/users"),
      link("messagesApi", "/messages-api"),
      link("financeiro", "/financeiro"),
      link("settings", "/settings"),
    ],
  },
];

/**
 * The menu this viewer sees: the links whose pages it may open (the route table's rule),
 * groups and sections left empty dropped.
 */
export function visibleMenu(
  viewer: PageViewer,
  menu: readonly MenuSection[] = MENU,
  rules: PageRules = PAGE_RULES,
) {
  const opens = (link: MenuLink) => mayOpen(viewer, link.href, rules);
  const sections: MenuSection[] = [];
  for (const section of menu) {
    const entries: MenuEntry[] = [];
    for (const entry of section.entries) {
      if (entry.kind === "link") {
        if (opens(entry)) entries.push(entry);
        continue;
      }
      const children = entry.children.filter(opens);
      if (children.length > 0) entries.push({ ...entry, children });
    }
    if (entries.length > 0) sections.push({ id: section.id, entries });
  }
  return sections;
}

/** The pages a past-due company's admin may open while it pays (routes/pages/_private.tsx). */
export const BILLING_ONLY_HREFS: readonly string[] = billingHrefs();

/** A billing-only sign-in's menu: the entries of `sections` that lead to paying. */
export function billingOnlyMenu(sections: MenuSection[]): MenuSection[] {
  return sections
    .map((section) => ({
      ...section,
      entries: section.entries.filter((entry) =>
        entry.kind === "link" && BILLING_ONLY_HREFS.includes(entry.href)
      ),
    }))
    .filter((section) => section.entries.length > 0);
}

/** Whether `href` is the page at `path` or one of its sub-pages ("/" only matches itself). */
export function isActiveHref(href: string, path: string): boolean {
  return isUnder(path, href);
}

/** The hrefs of every link in a list of sections, in order (for tests and the active match). */
export function menuHrefs(sections: readonly MenuSection[]): string[] {
  return sections.flatMap((section) =>
    section.entries.flatMap((entry) =>
      entry.kind === "link" ? [entry.href] : entry.children.map((child) => child.href)
    )
  );
}

/**
 * The menu link whose page is at `path` or above it ("/" never matches), in any section,
 * with what its page asks beyond its section (the route table's rule).
 */
export function menuLinkAt(
  path: string,
  menu: readonly MenuSection[] = MENU,
  rules: PageRules = PAGE_RULES,
): MenuLink | null {
  for (const section of menu) {
    for (const entry of section.entries) {
      const links = entry.kind === "link" ? [entry] : entry.children;
      for (const candidate of links) {
        if (candidate.href !== "/" && isActiveHref(candidate.href, path)) {
          return { ...candidate, requires: pageRuleAt(candidate.href, rules)?.rule.requires };
        }
      }
    }
  }
  return null;
}
