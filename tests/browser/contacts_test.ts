/**
 * /contacts in Chromium against a real server: an admin adds a contact (after the form has
 * caught a mistake), edits it, finds it by searching, deletes it, and imports the people a
 * sandbox phone shared from the import dialog, then gives a new contact a tag from the dialog
 * and filters the list by it.
 */
import assert from "node:assert/strict";
import type { Page } from "puppeteer-core";
import { launchBrowser } from "../helpers/browser.ts";
import {
  apiWith,
  pairedSandbox,
  signedInPage,
  startTestServer,
} from "../helpers/browser_server.ts";

/** The names in the table, in order. */
function names(page: Page): Promise<string[]> {
  return page.$$eval(
    "tbody tr td:first-child p.font-medium",
    (cells) => cells.map((c) => c.textContent ?? ""),
  );
}

/** Waits until the table shows exactly `expected`. */
async function waitForNames(page: Page, expected: string[]) {
  await page.waitForFunction(
    (want: string[]) =>
      JSON.stringify(
        [...document.querySelectorAll("tbody tr td:first-child p.font-medium")]
          .map((c) => c.textContent),
      ) === JSON.stringify(want),
    { timeout: 5000 },
    expected,
  ).catch(async () => {
    assert.deepEqual(await names(page), expected);
  });
}

/** Types into the open dialog's field `selector`, replacing what it held. */
async function fill(page: Page, selector: string, text: string) {
  await page.click(`dialog[open] ${selector}`, { count: 3 });
  await page.keyboard.press("Backspace");
  if (text) await page.type(`dialog[open] ${selector}`, text);
}

Deno.test("[browser] contacts: add, edit, search, delete, import from the phone, tag", async (t) => {
  const server = await startTestServer("contacts");
  const { browser, close } = await launchBrowser();
  try {
    const api = apiWith(server.url, await server.signIn());
    const errors: string[] = [];
    const page = await signedInPage(browser, server.url, await server.signIn(), errors);
    await page.goto(`${server.url}/contacts`, { waitUntil: "networkidle0" });

    await t.step("a contact is added once the form's mistakes are fixed", async () => {
      await page.waitForSelector("text/Nenhum contato por aqui ainda");
      await page.click("main header button.bg-brand-600");
      await page.waitForSelector("dialog[open] #contact-name");
      await fill(page, "#contact-name", "A");
      await fill(page, "#contact-number", "11 98765-4321");
      await page.click("dialog[open] button[type=submit]:not([aria-label])");
      await page.waitForSelector("dialog[open] ::-p-text(Muito curto!)");
      await fill(page, "#contact-name", "Helena Costa");
      await page.click("dialog[open] button[type=submit]:not([aria-label])");
      await page.waitForFunction(() => !document.querySelector("dialog[open]"));
      await waitForNames(page, ["Helena Costa"]);
      const number = await page.$eval("tbody", (el) => el.textContent ?? "");
      assert.match(number, /\+55 \(11\) 98765-4321/);
    });

    await t.step("it is edited from its row", async () => {
      await page.click('button[aria-label="Editar Helena Costa"]');
      await page.waitForSelector("dialog[open] #contact-name");
      assert.equal(
        await page.$eval("dialog[open] #contact-name", (el) => (el as HTMLInputElement).value),
        "Helena Costa",
      );
      await fill(page, "#contact-name", "Helena Costa Lima");
      await fill(page, "#contact-email", "helena@example.com");
      await page.click("dialog[open] button[type=submit]:not([aria-label])");
      await page.waitForFunction(() => !document.querySelector("dialog[open]"));
      await waitForNames(page, ["Helena Costa Lima"]);
      const row = await page.$eval("tbody", (el) => el.textContent ?? "");
      assert.match(row, /helena@example\.com/);
    });

    await t.step("search starts at three characters", async () => {
      await api("POST", "/api/contacts", { name: "Otávio Mendes", number: "21 97777-0001" });
      await waitForNames(page, ["Helena Costa Lima", "Otávio Mendes"]);
      await page.type('main input[type="search"]', "ot");
      await new Promise((resolve) => setTimeout(resolve, 800));
      assert.deepEqual(await names(page), ["Helena Costa Lima", "Otávio Mendes"]);
      await page.type('main input[type="search"]', "á");
      await waitForNames(page, ["Otávio Mendes"]);
      await page.type('main input[type="search"]', "zzz");
      await page.waitForSelector("text/Nenhum contato encontrado");
      await page.click('main input[type="search"]', { count: 3 });
      await page.keyboard.press("Backspace");
      await waitForNames(page, ["Helena Costa Lima", "Otávio Mendes"]);
    });

    await t.step("deleting asks first", async () => {
      await page.click('button[aria-label="Excluir Otávio Mendes"]');
      await page.waitForSelector("dialog[open] ::-p-text(Excluir Otávio Mendes?)");
      await page.click("dialog[open] footer button.bg-red-600");
      await waitForNames(page, ["Helena Costa Lima"]);
    });

    await t.step("the people a phone shared are imported from the dialog", async () => {
      const connection = await pairedSandbox(api);
      // Two people write to the phone; their conversations make contacts, which are then
      // deleted, so the phone's book holds two people Balcão does not have.
      for (const [number, name] of [["5531966660022", "Beatriz"], ["5541944440044", "Thiago"]]) {
        await api("POST", `/api/sandbox/${connection.id}/inbound`, { number, name, body: "oi" });
      }
      const { contacts } = await api("GET", "/api/contacts?searchParam=");
      for (const contact of contacts) {
        if (contact.name !== "Helena Costa Lima") {
          await api("DELETE", `/api/contacts/${contact.id}`);
        }
      }
      await waitForNames(page, ["Helena Costa Lima"]);

      await page.click("main [data-import-contacts]");
      await page.waitForSelector("dialog[open] [data-read-phone-book]");
      await page.click("dialog[open] [data-read-phone-book]");
      await page.waitForSelector("dialog[open] ::-p-text(Loja: 2 contatos prontos para importar.)");
      await page.click("dialog[open] ::-p-text(Importar 2 contatos)");
      await page.waitForSelector("dialog[open] ::-p-text(2 contatos importados.)");
      await waitForNames(page, ["Beatriz", "Helena Costa Lima", "Thiago"]);
    });

    await t.step(
      "a contact gets a tag in the dialog; its chip shows and the filter finds it",
      async () => {
        const tag = await api("POST", "/api/tags", { name: "Atacado", color: "#2255aa" });
        await page.keyboard.press("Escape"); // the import dialog, still showing its report
        await page.waitForFunction(() => !document.querySelector("dialog[open]"));
        await page.click("main header button.bg-brand-600");
        // The dialog reads the company's tags as it opens: the one just created is there.
        const toggle = '[data-testid="contact-form-tags"] button[aria-pressed="false"]';
        await page.waitForSelector(`dialog[open] ${toggle}`);
        await fill(page, "#contact-name", "Marcos Atacadista");
        await fill(page, "#contact-number", "11 96666-0001");
        await page.click(`dialog[open] ${toggle}`);
        await page.waitForSelector('dialog[open] [aria-pressed="true"]::-p-text(Atacado)');
        await page.click("dialog[open] button[type=submit]:not([aria-label])");
        await page.waitForFunction(() => !document.querySelector("dialog[open]"));
        await waitForNames(page, ["Beatriz", "Helena Costa Lima", "Marcos Atacadista", "Thiago"]);
        const chips = await page.$$eval(
          "tbody tr ul[aria-label=Tags]",
          (lists) => lists.map((list) => list.closest("tr")!.textContent ?? ""),
        );
        assert.equal(chips.length, 1);
        assert.match(chips[0]!, /Marcos Atacadista.*Atacado/);

        await page.select("#contacts-tag-filter", String(tag.id));
        await waitForNames(page, ["Marcos Atacadista"]);
        await page.select("#contacts-tag-filter", "");
        await waitForNames(page, ["Beatriz", "Helena Costa Lima", "Marcos Atacadista", "Thiago"]);
      },
    );
    assert.deepEqual(errors, [], "no errors in the page");
  } finally {
    await close();
    await server.close();
  }
});
