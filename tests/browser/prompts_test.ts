/**
 * /prompts in Chromium against a real server (issue 18 item 1): an admin creates a prompt
 * with its API key and transfer queue, sees the key only by its last four characters, edits
 * the prompt without retyping the key (it is kept), and deletes it.
 */
import assert from "node:assert/strict";
import type { Page } from "puppeteer-core";
import { launchBrowser } from "../helpers/browser.ts";
import { apiWith, signedInPage, startTestServer } from "../helpers/browser_server.ts";

/** Types into the open dialog's field `selector`, replacing what it held. */
async function fill(page: Page, selector: string, text: string) {
  await page.click(`dialog[open] ${selector}`, { count: 3 });
  await page.keyboard.press("Backspace");
  await page.type(`dialog[open] ${selector}`, text);
}

async function saveDialog(page: Page) {
  await page.click("dialog[open] button[type=submit]:not([aria-label])");
  await page.waitForFunction(() => !document.querySelector("dialog[open]"));
}

const tableText = (page: Page) => page.$eval("tbody", (el) => el.textContent ?? "");

Deno.test("[browser] prompts: create with a masked key, edit keeping it, delete", async () => {
  const server = await startTestServer("prompts");
  const { browser, close } = await launchBrowser();
  try {
    const token = await server.signIn();
    const api = apiWith(server.url, token);
    const queue = await api("POST", "/api/queue", { name: "Vendas", color: "#1e88e5" });
    const errors: string[] = [];
    const page = await signedInPage(browser, server.url, token, errors);

    await page.goto(`${server.url}/prompts`, { waitUntil: "networkidle0" });
    await page.waitForSelector("text/Nenhum prompt ainda");
    await page.click("main button.bg-brand-600");
    await page.waitForSelector("dialog[open] #prompt-name");
    // Saving empty marks the required fields and sends nothing.
    await page.click("dialog[open] button[type=submit]:not([aria-label])");
    await page.waitForSelector("dialog[open] #prompt-name[aria-invalid=true]");
    const stored = async () => (await api("GET", "/api/prompt")).prompts;
    assert.deepEqual(await stored(), []);

    await fill(page, "#prompt-name", "Atendente virtual");
    await fill(page, "#prompt-api-key", "sk-browser-test-9876");
    await fill(page, "#prompt-text", "Você atende os clientes da Loja.");
    await page.select("dialog[open] #prompt-queue", String(queue.id));
    await saveDialog(page);
    await page.waitForFunction(() =>
      document.querySelector("tbody")?.textContent?.includes("Atendente virtual")
    );
    assert.match(await tableText(page), /Vendas/);
    const [created] = await stored();
    assert.equal(created.apiKeyHint, "9876");
    assert.equal(JSON.stringify(created).includes("sk-browser-test"), false, "never the key");

    await page.click('button[aria-label="Editar o prompt Atendente virtual"]');
    await page.waitForSelector("dialog[open] #prompt-api-key");
    assert.equal(
      await page.$eval("dialog[open] #prompt-api-key", (el) => (el as HTMLInputElement).value),
      "",
      "the stored key is never put back in the page",
    );
    assert.match(
      await page.$eval("dialog[open] #prompt-api-key-hint", (el) => el.textContent ?? ""),
      /terminando em 9876/,
    );
    await fill(page, "#prompt-name", "Vendedora");
    await saveDialog(page);
    await page.waitForFunction(() =>
      document.querySelector("tbody")?.textContent?.includes("Vendedora")
    );
    const [edited] = await stored();
    assert.deepEqual([edited.name, edited.apiKeyHint], ["Vendedora", "9876"]);

    await page.click('button[aria-label="Excluir o prompt Vendedora"]');
    await page.waitForSelector("dialog[open]");
    await page.click("dialog[open] footer button.bg-red-600");
    await page.waitForSelector("text/Nenhum prompt ainda");
    assert.deepEqual(await stored(), []);
    assert.deepEqual(errors, [], "no errors in the page");
  } finally {
    await close();
    await server.close();
  }
});
