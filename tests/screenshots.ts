/**
 * Not a test: takes screenshots of the pages for a human to judge, in both themes, two
 * languages and five widths, signed in. Start the app first, then:
 *   SHOT_EMAIL=admin@example.com SHOT_PASSWORD=… \
 *     deno run -A tests/screenshots.ts [baseUrl=http://localhost:8123] [outDir=/tmp/balcao-shots]
 */
import type { Page } from "puppeteer-core";
import { launchBrowser } from "./helpers/browser.ts";
import { signInFromPage } from "./helpers/page_sign_in.ts";

const baseUrl = Deno.args[0] ?? "http://localhost:8123";
const outDir = Deno.args[1] ?? "/tmp/balcao-shots";
const email = Deno.env.get("SHOT_EMAIL") ?? "admin@example.com";
const password = Deno.env.get("SHOT_PASSWORD") ?? Deno.env.get("ADMIN_PASSWORD") ?? "";
/** Only shots whose file name matches, e.g. SHOT_ONLY="home-menu|-390-". */
const only = new RegExp(Deno.env.get("SHOT_ONLY") ?? "");

const VIEWPORTS = [
  { name: "1440", width: 1440, height: 900 },
  { name: "1280", width: 1280, height: 800 },
  { name: "900", width: 900, height: 800 },
  { name: "390", width: 390, height: 844 },
  // The narrowest phones still in use: nothing may overflow sideways here.
  { name: "360", width: 360, height: 740 },
];
const THEMES = ["light", "dark"] as const;
const LANGS = ["pt-BR", "en"] as const;

interface Shot {
  name: string;
  path: string;
  /** Puts the page in the state to capture (open a menu…); false skips this width. */
  prepare?: (page: Page) => Promise<boolean>;
  fullPage?: boolean;
  /** Public pages send signed-in users home, so they are taken in a signed-out context. */
  signedOut?: boolean;
}

/** Clicks `selector` if it is visible at this width. */
const click = (selector: string) => async (page: Page) => {
  const element = await page.$(selector);
  if (!element || !(await element.isVisible())) return false;
  await element.click();
  await new Promise((resolve) => setTimeout(resolve, 300));
  return true;
};

/** Waits until `selector` is on the page (an island's data loaded). */
const waitFor = (selector: string) => async (page: Page) => {
  await page.waitForSelector(selector, { timeout: 5000 });
  await new Promise((resolve) => setTimeout(resolve, 300));
  return true;
};

const SHOTS: Shot[] = [
  { name: "home", path: "/" },
  // The admin's dashboard once the company is ready (charts load after the page).
  {
    name: "dashboard-full",
    path: "/",
    fullPage: true,
    prepare: waitFor(".dashboard-chart canvas"),
  },
  { name: "home-menu", path: "/", prepare: click("[data-drawer-toggle]") },
  { name: "home-account", path: "/", prepare: click('[aria-controls="shell-account"]') },
  { name: "home-volume", path: "/", prepare: click('[aria-controls="shell-volume"]') },
  { name: "home-bell", path: "/", prepare: click('[aria-controls="shell-announcements"]') },
  { name: "todolist", path: "/todolist" },
  { name: "queues", path: "/queues" },
  { name: "queue-integration", path: "/queue-integration" },
  {
    name: "queue-integration-dialog",
    path: "/queue-integration",
    prepare: click('[data-testid="integrations-scroll"] tbody tr button'),
  },
  {
    name: "queue-integration-webhook",
    path: "/queue-integration",
    prepare: click('[data-testid="integrations-scroll"] tbody tr:nth-child(2) button'),
  },
  {
    name: "queue-integration-typebot",
    path: "/queue-integration",
    prepare: click('[data-testid="integrations-scroll"] tbody tr:last-child button'),
  },
  {
    name: "queues-dialog",
    path: "/queues",
    prepare: click('[data-testid="queues-scroll"] tbody tr button'),
  },
  { name: "notfound", path: "/does-not-exist" },
  { name: "contacts", path: "/contacts" },
  { name: "contacts-new", path: "/contacts", prepare: click("main header button") },
  { name: "contacts-import", path: "/contacts", prepare: click("[data-import-contacts]") },
  {
    name: "contacts-import-phone",
    path: "/contacts",
    prepare: async (page) => {
      if (!(await click("[data-import-contacts]")(page))) return false;
      await page.waitForSelector("[data-read-phone-book]", { visible: true });
      return await click("[data-read-phone-book]")(page);
    },
  },
  { name: "prompts", path: "/prompts" },
  {
    name: "prompts-dialog",
    path: "/prompts",
    prepare: async (page) => {
      // The list's add button, whatever its label's language.
      await page.evaluate(() =>
        document.querySelector<HTMLButtonElement>("main header button, main button")?.click()
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      return true;
    },
  },
  { name: "tags", path: "/tags" },
  { name: "quick-messages", path: "/quick-messages" },
  // The connections shots expect a sandbox connection with id 1 (its simulator) on the server.
  { name: "connections", path: "/connections" },
  { name: "connections-add", path: "/connections", prepare: click("[data-add-connection]") },
  { name: "connections-qr", path: "/connections", prepare: click("[data-show-qr]") },
  { name: "simulator", path: "/connections/1/simulator" },
  { name: "tickets", path: "/tickets" },
  { name: "tickets-waiting", path: "/tickets", prepare: click("#ticket-sub-tab-pending") },
  { name: "ticket-open", path: "/tickets", prepare: click("[data-ticket] a") },
  {
    name: "ticket-transfer",
    path: "/tickets",
    prepare: async (page) => {
      if (!(await click("[data-ticket] a")(page))) return false;
      return await click('[data-action="transfer"]')(page);
    },
  },
  {
    name: "ticket-new",
    path: "/tickets",
    prepare: click('[aria-label="Novo atendimento"], [aria-label="New ticket"]'),
  },
  { name: "campaigns", path: "/campaigns" },
  { name: "campaigns-new", path: "/campaigns", prepare: click("main button") },
  // The newest campaign first: the seeded one that has not started, so its dialog is editable.
  {
    name: "campaigns-edit",
    path: "/campaigns",
    prepare: click('tbody tr button[aria-label^="Editar"], tbody tr button[aria-label^="Edit"]'),
  },
  {
    name: "campaigns-edit-media",
    path: "/campaigns",
    prepare: async (page) => {
      const edit = 'tbody tr button[aria-label^="Editar"], tbody tr button[aria-label^="Edit"]';
      if (!(await click(edit)(page))) return false;
      // The dialog's end: the media field under the messages.
      await page.evaluate(() => {
        for (const element of document.querySelectorAll<HTMLElement>("dialog[open] *")) {
          if (element.scrollHeight > element.clientHeight + 4) element.scrollTop = 1e6;
        }
      });
      return true;
    },
  },
  { name: "campaign-report", path: "/campaign/1/report", fullPage: true },
  { name: "campaigns-config", path: "/campaigns-config" },
  { name: "contact-lists", path: "/contact-lists" },
  { name: "contact-list-items", path: "/contact-lists/1/contacts" },
  { name: "users", path: "/users" },
  { name: "users-new", path: "/users", prepare: click("main header button") },
  { name: "settings", path: "/settings", fullPage: true },
  { name: "settings-companies", path: "/settings?tab=companies", fullPage: true },
  { name: "settings-plans", path: "/settings?tab=plans", fullPage: true },
  { name: "settings-helps", path: "/settings?tab=helps", fullPage: true },
  { name: "schedules", path: "/schedules", fullPage: true },
  {
    name: "schedules-week",
    path: "/schedules",
    fullPage: true,
    prepare: click('[data-testid="schedule-views"] button:nth-child(2)'),
  },
  { name: "schedules-dialog", path: "/schedules", prepare: click('[data-testid="schedule-add"]') },
  { name: "messages-api", path: "/messages-api", fullPage: true },
  { name: "announcements", path: "/announcements" },
  {
    name: "announcements-dialog",
    path: "/announcements",
    prepare: click("main .sm\\:justify-between > button"),
  },
  { name: "files", path: "/files" },
  { name: "files-new", path: "/files", prepare: click("main button") },
  {
    name: "files-edit",
    path: "/files",
    // The seeded list with files sorts last.
    prepare: click(
      'tbody tr:last-child button[aria-label^="Editar"], tbody tr:last-child button[aria-label^="Edit"]',
    ),
  },
  { name: "kanban", path: "/kanban" },
  { name: "chats", path: "/chats" },
  { name: "chats-open", path: "/chats/1" },
  { name: "chats-new", path: "/chats", prepare: click("[data-new-chat]") },
  { name: "login", path: "/login", signedOut: true },
  { name: "signup", path: "/signup", signedOut: true, fullPage: true },
  { name: "forgetpsw", path: "/forgetpsw", signedOut: true },
  { name: "forgetpsw-code", path: "/forgetpsw?email=ana%40example.com", signedOut: true },
];

async function signIn(page: Page): Promise<void> {
  await page.goto(new URL("/static/logo.svg", baseUrl).href);
  const status = await signInFromPage(page, email, password);
  if (status !== 200) throw new Error(`Signing in as ${email} answered ${status}.`);
}

await Deno.mkdir(outDir, { recursive: true });
const { browser, close } = await launchBrowser();
try {
  const page = await browser.newPage();
  const visitorContext = await browser.createBrowserContext();
  const visitor = await visitorContext.newPage();
  const host = new URL(baseUrl).hostname;
  await signIn(page);
  await page.evaluate(() =>
    localStorage.setItem(
      "tasks",
      JSON.stringify([
        { id: "a", text: "Retornar a ligação da Ana sobre o pedido 1042", done: false },
        { id: "b", text: "Revisar as respostas rápidas de boas-vindas", done: true },
      ]),
    )
  );
  for (const viewport of VIEWPORTS) {
    for (const tab of [page, visitor]) {
      await tab.setViewport({
        width: viewport.width,
        height: viewport.height,
        deviceScaleFactor: 1,
      });
    }
    for (const theme of THEMES) {
      for (const lang of LANGS) {
        for (const context of [browser, visitorContext]) {
          await context.setCookie(
            { name: "theme", value: theme, domain: host, path: "/" },
            { name: "lang", value: lang, domain: host, path: "/" },
          );
        }
        for (const shot of SHOTS) {
          const file = `${outDir}/${shot.name}-${viewport.name}-${theme}-${lang}.png`;
          if (!only.test(file)) continue;
          // Each shot starts from the default menu state, whatever the previous one toggled.
          await browser.deleteMatchingCookies({ name: "drawer" });
          const tab = shot.signedOut ? visitor : page;
          await tab.goto(new URL(shot.path, baseUrl).href, { waitUntil: "networkidle2" });
          if (shot.prepare && !(await shot.prepare(tab))) continue;
          const overflow = await tab.evaluate(() =>
            document.documentElement.scrollWidth - document.documentElement.clientWidth
          );
          if (overflow > 0) console.warn(`WARNING: ${shot.path} overflows by ${overflow}px`);
          await tab.screenshot({ path: file as `${string}.png`, fullPage: shot.fullPage });
          console.log(file);
        }
      }
    }
  }
} finally {
  await close();
}
