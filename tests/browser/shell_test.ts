/**
 * The app shell in Chromium against a real `startServer` on the embedded database: greeting
 * and menu per profile, the drawer at desktop and phone widths, the top bar's controls, the
 * sign-out from another computer, logout and the to-do list.
 */
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "puppeteer-core";
import { createTestCompany, createTestUser, type TestUser } from "../helpers/accounts.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { signInFromPage } from "../helpers/page_sign_in.ts";
import { startTestServer } from "../helpers/server.ts";

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Signs in from the page itself, as the login page will: the browser keeps the cookies. */
async function signIn(page: Page, baseUrl: string, user: TestUser): Promise<void> {
  await page.goto(`${baseUrl}/static/logo.svg`);
  assert.equal(await signInFromPage(page, user.email, user.password), 200);
}

async function text(page: Page, selector: string): Promise<string> {
  return await page.$eval(selector, (el) => el.textContent ?? "");
}

function drawerState(page: Page): Promise<string | undefined> {
  return page.$eval("#shell", (el) => (el as HTMLElement).dataset.drawer);
}

/** Where the menu is on screen and whether it can be seen at all. */
function drawerBox(page: Page) {
  return page.$eval("#shell-drawer", (el) => {
    const box = el.getBoundingClientRect();
    return { left: box.left, width: box.width, visible: getComputedStyle(el).visibility };
  });
}

async function waitForDrawer(page: Page, state: string) {
  await page.waitForFunction(
    (s) => (document.getElementById("shell") as HTMLElement).dataset.drawer === s,
    {},
    state,
  );
  await new Promise((resolve) => setTimeout(resolve, 300)); // the slide transition
}

Deno.test("[browser] the app shell", async (t) => {
  const { server, stop } = await startTestServer();
  const { browser, close } = await launchBrowser();
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  const newPage = async (owner: Browser | BrowserContext = browser) => {
    const page = await owner.newPage();
    page.on("pageerror", (err) => errors.push(String(err)));
    page.on("console", (msg) => {
      // /login is another area's page; until it exists it answers 404, which is expected here.
      if (msg.type() === "error" && !msg.text().includes("404")) errors.push(msg.text());
    });
    return page;
  };
  const isolated = async () => {
    const context = await browser.createBrowserContext();
    contexts.push(context);
    return await newPage(context);
  };
  try {
    const companyId = await createTestCompany(server.db);
    const admin = await createTestUser(server.db, companyId, { profile: "admin" });
    const agent = await createTestUser(server.db, companyId, { profile: "user" });
    const page = await newPage();
    await page.setViewport(DESKTOP);
    await signIn(page, server.url, admin);

    await t.step("an admin sees the greeting, the due date and the admin menu", async () => {
      await page.goto(`${server.url}/`, { waitUntil: "networkidle0" });
      assert.match(await text(page, "[data-greeting]"), /^Hello User \d+, welcome\.$/);
      assert.match(
        await text(page, "[data-due-date]"),
        /^Your subscription is due on \d\d\/\d\d\/\d{4}$/,
      );
      const links = await page.$$eval(
        "#shell-drawer a",
        (els) => els.map((a) => a.getAttribute("href")),
      );
      for (const href of ["/", "/tickets", "/todolist", "/users", "/settings", "/connections"]) {
        assert.ok(links.includes(href), href);
      }
      assert.equal(await text(page, '#shell-drawer [aria-current="page"]'), "Dashboard");
      const box = await drawerBox(page);
      assert.equal(box.width, 256, "open by default over 1200 px");
    });

    await t.step("a plain user lands on the tickets, with the main menu only", async () => {
      const other = await isolated();
      await other.setViewport(DESKTOP);
      await signIn(other, server.url, agent);
      await other.goto(`${server.url}/`, { waitUntil: "networkidle0" });
      assert.equal(new URL(other.url()).pathname, "/tickets", "a plain user's home is the tickets");
      const links = await other.$$eval(
        "#shell-drawer a",
        (els) => els.map((a) => a.getAttribute("href")),
      );
      assert.ok(links.includes("/tickets") && links.includes("/todolist"));
      assert.ok(!links.includes("/users") && !links.includes("/settings"));
      assert.ok(!(await other.$("[data-due-date]")), "no due date for plain users");
      await other.close();
    });

    await t.step("the drawer collapses to icons on desktop and remembers it", async () => {
      await page.click("[data-drawer-toggle]");
      await waitForDrawer(page, "closed");
      assert.equal((await drawerBox(page)).width, 72);
      const cookies = await browser.cookies();
      assert.equal(cookies.find((c) => c.name === "drawer")?.value, "collapsed");
      await page.reload({ waitUntil: "networkidle0" });
      assert.equal(await drawerState(page), "closed", "rendered closed by the server");
      assert.equal((await drawerBox(page)).width, 72);
      await page.click("[data-drawer-toggle]");
      await waitForDrawer(page, "open");
      assert.equal((await drawerBox(page)).width, 256);
    });

    await t.step(
      "at 390 px the drawer is temporary: hidden, over the page, closes itself",
      async () => {
        await page.setViewport(PHONE);
        await page.goto(`${server.url}/`, { waitUntil: "networkidle0" });
        const hidden = await drawerBox(page);
        assert.equal(hidden.visible, "hidden");
        assert.ok(hidden.left < 0);
        await page.click("[data-drawer-toggle]");
        await waitForDrawer(page, "open");
        const shown = await drawerBox(page);
        assert.equal(shown.visible, "visible");
        assert.equal(shown.left, 0);
        assert.equal(
          await page.$eval("[data-shell-backdrop]", (el) => getComputedStyle(el).display),
          "block",
        );
        await page.keyboard.press("Escape");
        await waitForDrawer(page, "closed");
        assert.equal((await drawerBox(page)).visible, "hidden");
        // The backdrop closes it too.
        await page.click("[data-drawer-toggle]");
        await waitForDrawer(page, "open");
        await page.mouse.click(370, 400);
        await waitForDrawer(page, "closed");
        // A phone does not remember anything about the desktop preference.
        assert.equal((await browser.cookies()).find((c) => c.name === "drawer")?.value, "open");
        await page.setViewport(DESKTOP);
      },
    );

    await t.step("the volume is kept in localStorage across reloads", async () => {
      await page.goto(`${server.url}/`, { waitUntil: "networkidle0" });
      assert.equal(await page.evaluate(() => localStorage.getItem("volume")), null);
      await page.click('[aria-controls="shell-volume"]');
      await page.waitForSelector("#shell-volume-range");
      await page.$eval("#shell-volume-range", (el) => {
        const input = el as HTMLInputElement;
        input.value = "0.3";
        input.dispatchEvent(new Event("input", { bubbles: true }));
      });
      assert.equal(await page.evaluate(() => localStorage.getItem("volume")), "0.3");
      await page.reload({ waitUntil: "networkidle0" });
      await page.waitForFunction(() =>
        document.querySelector('[aria-controls="shell-volume"]')?.getAttribute("data-volume") ===
          "0.3"
      );
    });

    await t.step("theme and language from the top bar", async () => {
      await page.click("header button[data-theme]");
      await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
      await Promise.all([
        page.waitForNavigation({ waitUntil: "networkidle0" }),
        page.select("header select", "pt-BR"),
      ]);
      assert.equal(await page.$eval("html", (el) => el.className), "dark");
      assert.match(await text(page, "[data-greeting]"), /^Olá User \d+, seja bem-vindo\.$/);
    });

    await t.step("a refused page's notice shows on / and leaves the address clean", async () => {
      await page.goto(`${server.url}/?denied=1`, { waitUntil: "networkidle0" });
      await page.waitForFunction(() =>
        document.body.textContent!.includes("Esta empresa não possui permissão")
      );
      assert.equal(new URL(page.url()).search, "");
    });

    await t.step("my profile opens with my data and checks it before saving", async () => {
      await page.click('[aria-controls="shell-account"]');
      await page.click("#shell-account button");
      await page.waitForFunction(() =>
        (document.getElementById("shell-profile") as HTMLDialogElement).open
      );
      assert.match(
        await page.$eval("#shell-profile-name", (el) => (el as HTMLInputElement).value),
        /^User \d+$/,
      );
      assert.equal(
        await page.$eval("#shell-profile-email", (el) => (el as HTMLInputElement).value),
        admin.email,
      );
      await page.$eval("#shell-profile-name", (el) => {
        const input = el as HTMLInputElement;
        input.value = "";
        input.dispatchEvent(new Event("input", { bubbles: true }));
      });
      await page.click('button[form="shell-profile-form"]');
      await page.waitForSelector("#shell-profile-name-error");
      assert.equal(await text(page, "#shell-profile-name-error"), "Obrigatório");
      await page.keyboard.press("Escape");
      await page.waitForFunction(() =>
        !(document.getElementById("shell-profile") as HTMLDialogElement).open
      );
    });

    await t.step(
      "/todolist adds, edits, completes and removes tasks that survive a reload",
      async () => {
        await page.goto(`${server.url}/todolist`, { waitUntil: "networkidle0" });
        await page.type("#todo-new", "Ligar para a Ana");
        await page.keyboard.press("Enter");
        await page.type("#todo-new", "   ");
        await page.keyboard.press("Enter");
        await page.type("#todo-new", "Enviar a proposta");
        await page.click("[data-add-task]");
        const items = () =>
          page.$$eval("[data-task-text]", (els) => els.map((el) => el.textContent));
        assert.deepEqual(
          await items(),
          ["Enviar a proposta", "Ligar para a Ana"],
          "blank text ignored",
        );

        await page.click('button[aria-label="Editar a tarefa “Ligar para a Ana”"]');
        await page.waitForFunction(() => document.activeElement?.id.startsWith("todo-edit-"));
        await page.keyboard.type(" amanhã");
        await page.keyboard.press("Enter");
        await page.click('input[aria-label="Concluir a tarefa “Enviar a proposta”"]');
        await page.reload({ waitUntil: "networkidle0" });
        await page.waitForSelector("[data-task-text]");
        assert.deepEqual(await items(), ["Enviar a proposta", "Ligar para a Ana amanhã"]);
        assert.equal(
          await page.$eval(
            'input[aria-label="Reabrir a tarefa “Enviar a proposta”"]',
            (el) => (el as HTMLInputElement).checked,
          ),
          true,
        );

        await page.click('button[aria-label="Excluir a tarefa “Enviar a proposta”"]');
        await page.reload({ waitUntil: "networkidle0" });
        await page.waitForSelector("[data-task-text]");
        assert.deepEqual(await items(), ["Ligar para a Ana amanhã"]);
        const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("tasks") ?? "[]"));
        assert.equal(stored.length, 1);
      },
    );

    let elsewhere: Page | undefined;
    await t.step("a sign-in elsewhere signs this tab out; the new one stays", async () => {
      await page.goto(`${server.url}/`, { waitUntil: "networkidle0" });
      await waitFor(() => server.hub.roomsOfUser(admin.id).length > 0);
      elsewhere = await isolated();
      await signIn(elsewhere, server.url, admin);
      await page.waitForFunction(() =>
        document.body.textContent!.includes("Sua conta foi acessada em outro computador.")
      );
      await page.waitForFunction(() => location.pathname === "/login", { timeout: 5000 });
      assert.equal(await page.evaluate(() => localStorage.length), 0, "local storage cleared");
      // The first tab's session really ended: / sends it to /login again.
      await page.goto(`${server.url}/`);
      assert.equal(new URL(page.url()).pathname, "/login");
      // The second place is still signed in.
      await elsewhere.goto(`${server.url}/`, { waitUntil: "networkidle0" });
      assert.equal(new URL(elsewhere.url()).pathname, "/");
      assert.ok(await elsewhere.$("[data-greeting]"));
    });

    await t.step("logout ends the session and goes to /login", async () => {
      const tab = elsewhere!;
      await tab.click('[aria-controls="shell-account"]');
      await Promise.all([tab.waitForNavigation(), tab.click("[data-logout]")]);
      assert.equal(new URL(tab.url()).pathname, "/login");
      await tab.goto(`${server.url}/todolist`);
      assert.equal(new URL(tab.url()).pathname, "/login");
      assert.equal(new URL(tab.url()).searchParams.get("next"), "/todolist");
    });

    assert.deepEqual(errors, [], "no errors in the browser console");
  } finally {
    for (const context of contexts) await context.close().catch(() => {});
    await close();
    await stop();
  }
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error("Timed out waiting for a condition.");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
