/**
 * The product's own pages in Chromium, served by a real `startServer` on the embedded
 * database: the header's islands boot and work, and a page without islands ships no script.
 */
import assert from "node:assert/strict";
import { startServer } from "../../main.ts";
import { loadConfig } from "../../lib/config.ts";
import { launchBrowser } from "../helpers/browser.ts";

Deno.test("[browser] welcome page islands work; the 404 page ships no JavaScript", async (t) => {
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-browser-" });
  const originalLog = console.log;
  console.log = () => {}; // the start-up lines are asserted in tests/e2e
  const server = await startServer(loadConfig({ PORT: "0", DATA_DIR: dataDir }));
  console.log = originalLog;
  const { browser, close } = await launchBrowser();
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(String(err)));
    page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));

    await t.step("the theme toggle switches to dark and the server remembers it", async () => {
      await page.goto(`${server.url}/`, { waitUntil: "networkidle0" });
      assert.equal(await page.$eval("html", (el) => el.className), "");
      await page.click("button[data-theme]");
      await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
      await page.reload({ waitUntil: "networkidle0" });
      assert.equal(await page.$eval("html", (el) => el.className), "dark");
    });

    await t.step("the language switcher changes the page to Spanish", async () => {
      // Chromium asks for English, so the page starts in English.
      assert.equal(await page.$eval("html", (el) => el.lang), "en");
      await Promise.all([
        page.waitForNavigation({ waitUntil: "networkidle0" }),
        page.select("header select", "es"),
      ]);
      assert.equal(await page.$eval("html", (el) => el.lang), "es");
      assert.equal(await page.$eval("h1", (el) => el.textContent), "Bienvenido a Balcão");
      // Once booted, the island translates with the same keys as the server did.
      await page.click("button[data-theme]");
      await page.waitForFunction(() => !document.documentElement.classList.contains("dark"));
      const label = await page.$eval("button[data-theme]", (el) => el.getAttribute("aria-label"));
      assert.equal(label, "Cambiar al tema oscuro");
    });
    assert.deepEqual(errors, [], "no errors in the browser console");

    await t.step("an unknown page answers 404 with no script at all", async () => {
      const response = await page.goto(`${server.url}/no/such/page`, {
        waitUntil: "networkidle0",
      });
      assert.equal(response?.status(), 404);
      assert.equal(await page.$$eval("script", (els) => els.length), 0);
      assert.equal(await page.$eval("html", (el) => el.lang), "es");
    });
  } finally {
    await close();
    await server.shutdown();
    await Deno.remove(dataDir, { recursive: true });
  }
});
