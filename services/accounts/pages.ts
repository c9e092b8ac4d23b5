/**
 * The route table of the private pages: every page's address and who may open it. The page
 * guard (routes/pages/_private.tsx) and the side menu (components/shell/menu.ts) both read
 * it, so a menu entry shows exactly when its page opens. A page's sub-pages share its rule
 * (`/connections/7/simulator` is under `/connections`). No dependencies on the server: pure.
 */
import { meetsRequirement, type PageRequirement, type PageViewer } from "./page_access.ts";

/** The menu's sections; the admin one is for admins (and the super user) as a whole. */
export type PageSection = "main" | "admin";

export const SECTION_REQUIRES: Readonly<Record<PageSection, PageRequirement | undefined>> = {
  main: undefined,
  admin: { admin: true },
};

export interface PageRule {
  /** Where its menu entry sits (pages outside the menu still say which side they are on). */
  section: PageSection;
  /** What the page asks beyond its section's rule. */
  requires?: PageRequirement;
  /** Who misses the rule is sent here instead of being refused (the home sends agents on). */
  otherwise?: string;
  /** A past-due company's admin may open it to pay; every other page sends them to one. */
  billing?: true;
}

export type PageRules = Readonly<Record<string, PageRule>>;

const ADMIN: PageRule = { section: "admin" };
const CAMPAIGNS: PageRule = { section: "admin", requires: { campaigns: true } };
const main = (requires?: PageRequirement): PageRule => ({ section: "main", requires });
const admin = (requires: PageRequirement): PageRule => ({ section: "admin", requires });

export const PAGE_RULES: PageRules = {
  // Core §2: the dashboard is the admins'; an agent's home is the ticket screen.
  "/": { section: "main", requires: { admin: true }, otherwise: "/tickets" },
  "/tickets": main(),
  "/quick-messages": main(),
  "/kanban": main({ feature: "useKanban" }),
  "/todolist": main(),
  "/contacts": main(),
  "/schedules": main({ feature: "useSchedules" }),
  "/tags": main(),
  "/chats": main({ feature: "useInternalChat" }),
  "/helps": main(),
  "/campaigns": CAMPAIGNS,
  // A campaign's report, /campaign/{id}/report.
  "/campaign": CAMPAIGNS,
  "/contact-lists": CAMPAIGNS,
  "/campaigns-config": CAMPAIGNS,
  "/announcements": admin({ super: true }),
  "/prompts": admin({ feature: "useOpenAi" }),
  "/queue-integration": admin({ feature: "useIntegrations" }),
  "/connections": ADMIN,
  "/files": ADMIN,
  "/queues": ADMIN,
  "/users": ADMIN,
  "/messages-api": admin({ feature: "useExternalApi" }),
  "/financeiro": { section: "admin", billing: true },
  "/subscription": { section: "admin", billing: true },
  "/settings": ADMIN,
};

/** Whether `path` is the page at `href` or one of its sub-pages ("/" only matches itself). */
export function isUnder(path: string, href: string): boolean {
  if (href === "/") return path === "/";
  return path === href || path.startsWith(`${href}/`);
}

/** The rule of the page at `path` (the closest page above it for a sub-page), or null. */
export function pageRuleAt(
  path: string,
  rules: PageRules = PAGE_RULES,
): { href: string; rule: PageRule } | null {
  let found: { href: string; rule: PageRule } | null = null;
  for (const [href, rule] of Object.entries(rules)) {
    if (isUnder(path, href) && (!found || href.length > found.href.length)) found = { href, rule };
  }
  return found;
}

/** Everything a page's rule asks: its section's requirement and its own. */
export function fullRequirement(rule: PageRule): PageRequirement | undefined {
  const section = SECTION_REQUIRES[rule.section];
  return section || rule.requires ? { ...section, ...rule.requires } : undefined;
}

/** Whether `viewer` may open the page at `href` (no rule: nothing asked). */
export function mayOpen(viewer: PageViewer, href: string, rules: PageRules = PAGE_RULES): boolean {
  const found = pageRuleAt(href, rules);
  return meetsRequirement(viewer, found ? fullRequirement(found.rule) : undefined);
}

/** The pages a past-due company's admin may open while it pays. */
export function billingHrefs(rules: PageRules = PAGE_RULES): string[] {
  return Object.entries(rules).filter(([, rule]) => rule.billing).map(([href]) => href);
}
