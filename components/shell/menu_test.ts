import assert from "node:assert/strict";
import type { PageViewer } from "../../services/accounts/page_access.ts";
import { PLAN_FEATURES, type PlanFeatures } from "../../services/accounts/permissions.ts";
import { PAGE_RULES } from "../../services/accounts/pages.ts";
import { isActiveHref, MENU, menuHrefs, menuLinkAt, visibleMenu } from "./menu.ts";

const ALL_FEATURES = Object.fromEntries(PLAN_FEATURES.map((f) => [f, true])) as PlanFeatures;
const NO_FEATURES = Object.fromEntries(PLAN_FEATURES.map((f) => [f, false])) as PlanFeatures;

function viewer(overrides: Partial<PageViewer> = {}): PageViewer {
  return { profile: "admin", super: false, features: ALL_FEATURES, settings: {}, ...overrides };
}

const CORE_FOR_EVERYONE = [
  "/tickets",
  "/quick-messages",
  "/todolist",
  "/contacts",
  "/tags",
  "/helps",
];
const ADMIN_ALWAYS = [
  "/connections",
  "/files",
  "/queues",
  "/users",
  "/financeiro",
  "/settings",
];

Deno.test("menu: an admin with every plan feature sees everything but the super-only entry", () => {
  const sections = visibleMenu(viewer());
  assert.deepEqual(sections.map((s) => s.id), ["main", "admin"]);
  assert.deepEqual(menuHrefs(sections), [
    "/",
    "/tickets",
    "/quick-messages",
    "/kanban",
    "/todolist",
    "/contacts",
    "/schedules",
    "/tags",
    "/chats",
    "/helps",
    "/campaigns",
    "/contact-lists",
    "/campaigns-config",
    "/prompts",
    "/queue-integration",
    "/connections",
    "/files",
    "/queues",
    "/users",
    "/messages-api",
    "/financeiro",
    "/settings",
  ]);
});

Deno.test("menu: the super user also sees the announcements", () => {
  const hrefs = menuHrefs(visibleMenu(viewer({ super: true })));
  assert.ok(hrefs.includes("/announcements"));
  // A super user whose own profile says "user" is still an admin of the installation.
  const superUser = menuHrefs(visibleMenu(viewer({ super: true, profile: "user" })));
  assert.ok(superUser.includes("/settings") && superUser.includes("/"));
});

Deno.test("menu: a plain user has no dashboard and no admin section", () => {
  const sections = visibleMenu(viewer({ profile: "user" }));
  assert.deepEqual(sections.map((s) => s.id), ["main"]);
  const hrefs = menuHrefs(sections);
  assert.ok(!hrefs.includes("/"));
  for (const href of [...CORE_FOR_EVERYONE, "/kanban", "/schedules", "/chats"]) {
    assert.ok(hrefs.includes(href), href);
  }
});

Deno.test("menu: each plan flag hides exactly its own entries", () => {
  const cases: Array<[keyof PlanFeatures, string[]]> = [
    ["useKanban", ["/kanban"]],
    ["useSchedules", ["/schedules"]],
    ["useInternalChat", ["/chats"]],
    ["useOpenAi", ["/prompts"]],
    ["useIntegrations", ["/queue-integration"]],
    ["useExternalApi", ["/messages-api"]],
    ["useCampaigns", ["/campaigns", "/contact-lists", "/campaigns-config"]],
  ];
  const everything = menuHrefs(visibleMenu(viewer()));
  for (const [flag, hidden] of cases) {
    const hrefs = menuHrefs(visibleMenu(viewer({ features: { ...ALL_FEATURES, [flag]: false } })));
    assert.deepEqual(hrefs, everything.filter((href) => !hidden.includes(href)), flag);
  }
});

Deno.test("menu: the campaignsEnabled setting opens campaigns without the plan flag", () => {
  const withoutPlan = { ...ALL_FEATURES, useCampaigns: false };
  const on = menuHrefs(
    visibleMenu(viewer({ features: withoutPlan, settings: { campaignsEnabled: "true" } })),
  );
  assert.ok(on.includes("/campaigns") && on.includes("/campaigns-config"));
  for (const value of ["false", "", "TRUE", "1"]) {
    const off = menuHrefs(
      visibleMenu(viewer({ features: withoutPlan, settings: { campaignsEnabled: value } })),
    );
    assert.ok(!off.includes("/campaigns"), value);
  }
  const group = visibleMenu(viewer()).find((s) => s.id === "admin")!.entries[0]!;
  assert.equal(group.kind, "group");
});

Deno.test("menu: a plan with no features still leaves the core entries", () => {
  const hrefs = menuHrefs(visibleMenu(viewer({ features: NO_FEATURES })));
  assert.deepEqual(hrefs, ["/", ...CORE_FOR_EVERYONE, ...ADMIN_ALWAYS]);
  const user = menuHrefs(visibleMenu(viewer({ profile: "user", features: NO_FEATURES })));
  assert.deepEqual(user, CORE_FOR_EVERYONE);
});

Deno.test("menu: the active entry is the page or its sub-pages; / only matches itself", () => {
  assert.equal(isActiveHref("/", "/"), true);
  assert.equal(isActiveHref("/", "/tickets"), false);
  assert.equal(isActiveHref("/tickets", "/tickets"), true);
  assert.equal(isActiveHref("/tickets", "/tickets/0b9c-uuid"), true);
  assert.equal(isActiveHref("/tickets", "/ticketsx"), false);
  assert.equal(isActiveHref("/contact-lists", "/contact-lists/4/contacts"), true);
  assert.equal(isActiveHref("/campaigns", "/campaigns-config"), false);
});

Deno.test("menu: menuLinkAt finds an area's entry, its sub-pages and a group's rule", () => {
  assert.equal(menuLinkAt("/kanban")?.id, "kanban");
  assert.equal(menuLinkAt("/chats/12")?.id, "chats");
  assert.deepEqual(menuLinkAt("/contact-lists")?.requires, { campaigns: true });
  assert.equal(menuLinkAt("/"), null);
  assert.equal(menuLinkAt("/kanbanx"), null);
  assert.equal(menuLinkAt("/no/such/page"), null);
});

Deno.test("menu: every entry's page is in the route table, in the entry's own section", () => {
  for (const section of MENU) {
    for (const href of menuHrefs([section])) {
      assert.equal(PAGE_RULES[href]?.section, section.id, href);
    }
  }
});
