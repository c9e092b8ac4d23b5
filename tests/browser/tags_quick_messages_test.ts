/**
 * /tags and /quick-messages in Chromium against a real server: a signed-in admin creates,
 * edits and deletes a tag and a quick message through the pages' dialogs.
 */
import assert from "node:assert/strict";
import type { Page } from "puppeteer-core";
import { launchBrowser } from "../helpers/browser.ts";
import { signedInPage, startTestServer } from "../helpers/browser_server.ts";

/** Rows' first-cell texts of the page's table. */
function firstCells(page: Page): Promise<string[]> {
  return page.$$eval("tbody tr td:first-child", (cells) => cells.map((c) => c.textContent ?? ""));
}

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

Deno.test("[browser] tags and quick messages: create, edit, delete", async (t) => {
  const server = await startTestServer("tqm");
  const { browser, close } = await launchBrowser();
  try {
    const errors: string[] = [];
    const page = await signedInPage(browser, server.url, await server.signIn(), errors);

    await t.step("signed-out visitors are sent to /login", async () => {
      const res = await fetch(`${server.url}/tags`, { redirect: "manual" });
      assert.equal(res.status, 302);
      assert.equal(res.headers.get("Location"), "/login?next=%2Ftags");
    });

    await t.step("a tag is created, renamed and deleted", async () => {
      await page.goto(`${server.url}/tags`, { waitUntil: "networkidle0" });
      await page.waitForSelector("text/Nenhuma tag ainda");
      await page.click("main button.bg-brand-600");
      await page.waitForSelector("dialog[open]");
      await fill(page, "#tag-name", "Urgente");
      await page.click('dialog[open] input[type=radio][value="#ef4444"]');
      await page.click("dialog[open] [role=switch]");
      await saveDialog(page);
      await page.waitForFunction(() =>
        document.querySelector("tbody")?.textContent?.includes("Urgente")
      );
      assert.deepEqual(await firstCells(page), ["Urgente"]);

      await page.click('button[aria-label="Editar a tag Urgente"]');
      await page.waitForSelector("dialog[open]");
      await fill(page, "#tag-name", "Muito urgente");
      await saveDialog(page);
      await page.waitForFunction(() =>
        document.querySelector("tbody")?.textContent?.includes("Muito urgente")
      );

      await page.click('button[aria-label="Excluir a tag Muito urgente"]');
      await page.waitForSelector("dialog[open]");
      await page.click("dialog[open] footer button.bg-red-600");
      await page.waitForSelector("text/Nenhuma tag ainda");
    });

    await t.step("a quick message is created, edited and deleted", async () => {
      await page.goto(`${server.url}/quick-messages`, { waitUntil: "networkidle0" });
      await page.waitForSelector("text/Nenhuma resposta rápida ainda");
      await page.click("main button.bg-brand-600");
      await page.waitForSelector("dialog[open]");
      await fill(page, "#quick-message-shortcode", "oi");
      await fill(page, "#quick-message-text", "Olá, ");
      await page.click('dialog[open] button[title="Primeiro nome do contato"]');
      // An admin's new quick reply is the whole company's unless switched off (issue 23).
      assert.equal(
        await page.$eval(
          "dialog[open] #quick-message-geral",
          (el) => (el as HTMLInputElement).checked,
        ),
        true,
      );
      await saveDialog(page);
      await page.waitForSelector("text//oi");
      const text = await page.$eval("tbody", (el) => el.textContent ?? "");
      assert.match(text, /Olá, \{\{firstName\}\}/);
      assert.match(text, /Empresa/);
      assert.match(text, /Sem anexo/);

      await page.click('button[aria-label="Editar a resposta /oi"]');
      await page.waitForSelector("dialog[open]");
      await fill(page, "#quick-message-shortcode", "ola");
      await saveDialog(page);
      await page.waitForSelector("text//ola");

      await page.click('button[aria-label="Excluir a resposta /ola"]');
      await page.waitForSelector("dialog[open]");
      await page.click("dialog[open] footer button.bg-red-600");
      await page.waitForSelector("text/Nenhuma resposta rápida ainda");
    });
    assert.deepEqual(errors, [], "no errors in the page");
  } finally {
    await close();
    await server.close();
  }
});
