/**
 * The side menu's entries (core §2 "Private (menu)", admin §2) and who sees which. The rules
 * are the pages' own (`meetsRequirement`), so an entry is shown exactly when its page opens.
 * Entries whose pages do not exist yet still link to their route.
 */
import {
  meetsRequirement,
  type PageRequirement,
  type PageViewer,
} from "../../services/accounts/page_access.ts";

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
  requires?: PageRequirement;
  /** A live mark driven by another feature (lib/ui/shell_signals.ts). */
  badge?: "connections" | "chats";
}

export interface MenuGroup {
  kind: "group";
  id: MenuIconName;
  requires?: PageRequirement;
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
      link("dashboard", "/", { requires: { admin: true } }),
      link("tickets", "/tickets"),
      link("quickMessages", "/quick-messages"),
      link("kanban", "/kanban", { requires: { feature: "useKanban" } }),
      link("todolist", "/todolist"),
      link("contacts", "/contacts"),
      link("schedules", "/schedules", { requires: { feature: "useSchedules" } }),
      link("tags", "/tags"),
      link("chats", "/chats", { requires: { feature: "useInternalChat" }, badge: "chats" }),
      link("helps", "/helps"),
    ],
  },
  {
    id: "admin",
    entries: [
      {
        kind: "group",
        id: "campaigns",
        requires: { campaigns: true },
        children: [
          link("campaignList", "/campaigns"),
          link("contactLists", "/contact-lists"),
          link("campaignsConfig", "/campaigns-config"),
        ],
      },
      link("announcements", "/announcements", { requires: { super: true } }),
      link("prompts", "/prompts", { requires: { feature: "useOpenAi" } }),
      link("integrations", "/queue-integration", { requires: { feature: "useIntegrations" } }),
      link("connections", "/connections", { badge: "connections" }),
      link("files", "/files"),
      link("queues", "/queues"),
      link("users", "/users"),
      link("messagesApi", "/messages-api", { requires: { feature: "useExternalApi" } }),
      link("financeiro", "/financeiro"),
      link("settings", "/settings"),
    ],
  },
];

/** The admin section as a whole is for admins (and the super user). */
const SECTION_REQUIRES: Record<MenuSection["id"], PageRequirement | undefined> = {
  main: undefined,
  admin: { admin: true },
};

/** The menu this viewer sees: hidden entries removed, empty sections and groups dropped. */
export function visibleMenu(viewer: PageViewer, menu: readonly MenuSection[] = MENU) {
  const sections: MenuSection[] = [];
  for (const section of menu) {
    if (!meetsRequirement(viewer, SECTION_REQUIRES[section.id])) continue;
    const entries: MenuEntry[] = [];
    for (const entry of section.entries) {
      if (!meetsRequirement(viewer, entry.requires)) continue;
      if (entry.kind === "link") {
        entries.push(entry);
        continue;
      }
      const children = entry.children.filter((child) => meetsRequirement(viewer, child.requires));
      if (children.length > 0) entries.push({ ...entry, children });
    }
    if (entries.length > 0) sections.push({ id: section.id, entries });
  }
  return sections;
}

/** The pages a past-due company's admin may open while it pays (routes/_private.tsx). */
export const BILLING_ONLY_HREFS: readonly string[] = ["/financeiro", "/subscription"];

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
  if (href === "/") return path === "/";
  return path === href || path.startsWith(`${href}/`);
}

/** The hrefs of every link in a list of sections, in order (for tests and the active match). */
export function menuHrefs(sections: readonly MenuSection[]): string[] {
  return sections.flatMap((section) =>
    section.entries.flatMap((entry) =>
      entry.kind === "link" ? [entry.href] : entry.children.map((child) => child.href)
    )
  );
}

/** The menu link whose page is at `path` or above it ("/" never matches), in any section. */
export function menuLinkAt(path: string, menu: readonly MenuSection[] = MENU): MenuLink | null {
  for (const section of menu) {
    for (const entry of section.entries) {
      const links = entry.kind === "link" ? [entry] : entry.children;
      for (const candidate of links) {
        if (candidate.href !== "/" && isActiveHref(candidate.href, path)) {
          // A link inherits its group's rule (a campaign page needs the campaigns area).
          const requires = entry.kind === "group"
            ? { ...entry.requires, ...candidate.requires }
            : candidate.requires;
          return { ...candidate, requires };
        }
      }
    }
  }
  return null;
}
