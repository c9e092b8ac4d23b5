/**
 * Pages outside the shell in Chromium, served by a real `startServer`: the 404 page ships
 * no script at all and speaks the visitor's language. (The shell's pages: shell_test.ts.)
 */
import assert from "node:assert/strict";
import { launchBrowser } from "../helpers/browser.ts";
import { startTestServer } from "../helpers/server.ts";

Deno.test("[browser] an unknown page answers 404 with no script at all", async () => {
  const { server, stop } = await startTestServer();
  const { browser, close } = await launchBrowser();
  try {
    const page = await browser.newPage();
    const host = new URL(server.url).hostname;
    await browser.setCookie({ name: "lang", value: "es", domain: host, path: "/" });
    const response = await page.goto(`${server.url}/no/such/page`, { waitUntil: "networkidle0" });
    assert.equal(response?.status(), 404);
    assert.equal(await page.$$eval("script", (els) => els.length), 0);
    assert.equal(await page.$eval("html", (el) => el.lang), "es");
    assert.equal(
      await page.$eval("main a[href='/']:last-of-type", (el) => el.textContent?.trim()),
      "Volver al inicio",
    );
  } finally {
    await close();
    await stop();
  }
});
