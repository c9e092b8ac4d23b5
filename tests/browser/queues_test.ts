/**
 * /queues in Chromium against a real server: with opening hours set per queue, an admin
 * creates a queue (name, palette colour, greeting, a shorter Friday), reopens it, builds a
 * menu two levels deep, and after a reload everything is still there, in the page and in
 * the API.
 */
import assert from "node:assert/strict";
import type { Page } from "puppeteer-core";
import { launchBrowser } from "../helpers/browser.ts";
import { apiWith, clickButton, signedInPage, startTestServer } from "../helpers/browser_server.ts";

/** Sets a time input the way a person picking a time does (Preact listens to `input`). */
async function setTime(page: Page, label: string, value: string) {
  await page.$eval(`dialog[open] input[aria-label="${label}"]`, (input, time) => {
    (input as HTMLInputElement).value = time as string;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }, value);
}

/** Replaces the text of `selector` and leaves the field, which saves an option. */
async function retype(page: Page, selector: string, text: string) {
  await page.click(selector, { count: 3 });
  await page.keyboard.press("Backspace");
  await page.type(selector, text);
  await page.keyboard.press("Tab");
}

Deno.test("[browser] queues: colour, hours and a two-level options menu", async (t) => {
  const server = await startTestServer("queues");
  const { browser, close } = await launchBrowser();
  try {
    const token = await server.signIn();
    const api = apiWith(server.url, token);
    // The "Horários de Atendimento" tab exists while opening hours are set per queue.
    await api("PUT", "/api/settings/scheduleType", { value: "queue" });

    const errors: string[] = [];
    const page = await signedInPage(browser, server.url, token, errors);
    let color = "";

    await t.step("a queue is created with a palette colour and a shorter Friday", async () => {
      await page.goto(`${server.url}/queues`, { waitUntil: "networkidle0" });
      await clickButton(page, "main", "Nova fila");
      await page.waitForSelector("dialog[open] #queue-name");
      await page.type("dialog[open] #queue-name", "Financeiro");
      const swatches = await page.$$("dialog[open] input[type=radio][name=queue-color]");
      assert.equal(swatches.length, 50, "the palette has 50 colours");
      color = await swatches[13]!.evaluate((input) => (input as HTMLInputElement).value);
      await swatches[13]!.click();
      await page.type("dialog[open] #queue-greeting", "Olá! Este é o financeiro.");
      await clickButton(page, "dialog[open]", "Horários de Atendimento");
      await page.waitForSelector('dialog[open] input[aria-label="Fim de Sexta-feira"]');
      await setTime(page, "Fim de Sexta-feira", "16:30");
      await page.click("dialog[open] button[type=submit]:not([aria-label])");
      // A new queue's dialog stays open on it, so its menu can be built right away.
      await page.waitForFunction(() =>
        document.querySelector("tbody")?.textContent?.includes("Financeiro")
      );
      assert.ok(await page.$("dialog[open]"), "the dialog stays open on the new queue");
    });

    const queues = await api("GET", "/api/queue");
    const queue = queues.find((q: { name: string }) => q.name === "Financeiro");
    assert.ok(queue, "the queue is stored");

    await t.step("its menu gets an option with a sub-option", async () => {
      await clickButton(page, "dialog[open]", "Dados da Fila");
      await clickButton(page, "dialog[open]", "Adicionar opção");
      await page.waitForSelector("dialog[open] [data-testid=queue-option] input");
      await retype(page, "dialog[open] [data-testid=queue-option] input", "Boletos");
      await clickButton(page, "dialog[open] [data-testid=queue-option]", "Sub-opção");
      await page.waitForFunction(() =>
        document.querySelectorAll("dialog[open] [data-testid=queue-option]").length === 2
      );
      const inputs = await page.$$("dialog[open] [data-testid=queue-option] input");
      await inputs[1]!.click({ count: 3 });
      await page.keyboard.press("Backspace");
      await inputs[1]!.type("Segunda via");
      await page.keyboard.press("Tab");
      // Options save as their fields are left; wait until the server has both titles.
      await page.waitForNetworkIdle();
      await page.click("dialog[open] button[type=submit]:not([aria-label])");
      await page.waitForFunction(() => !document.querySelector("dialog[open]"));
    });

    await t.step("after a reload everything is still there", async () => {
      const stored = await api("GET", `/api/queue/${queue.id}`);
      assert.equal(stored.color.toLowerCase(), color.toLowerCase());
      assert.equal(stored.greetingMessage, "Olá! Este é o financeiro.");
      const friday = stored.schedules.find((day: { weekdayEn: string }) =>
        day.weekdayEn === "friday"
      );
      assert.deepEqual([friday.startTime, friday.endTime], ["08:00", "16:30"]);
      const options = await api("GET", `/api/queue-options?queueId=${queue.id}`);
      const flat = JSON.stringify(options);
      assert.ok(flat.includes("Boletos") && flat.includes("Segunda via"), flat);
      const parent = options.find((o: { title: string }) => o.title === "Boletos");
      const child = options.find((o: { title: string }) => o.title === "Segunda via");
      assert.ok(parent && child, "both options are listed");
      assert.equal(child.parentId, parent.id, "the sub-option hangs under its option");

      await page.reload({ waitUntil: "networkidle0" });
      await page.click('button[aria-label="Editar a fila Financeiro"]');
      await page.waitForSelector("dialog[open] [data-testid=queue-option] input");
      const titles = await page.$$eval(
        "dialog[open] [data-testid=queue-option] input",
        (inputs) => inputs.map((input) => (input as HTMLInputElement).value),
      );
      assert.deepEqual(titles, ["Boletos", "Segunda via"]);
      await clickButton(page, "dialog[open]", "Horários de Atendimento");
      const fridayEnd = await page.$eval(
        'dialog[open] input[aria-label="Fim de Sexta-feira"]',
        (input) => (input as HTMLInputElement).value,
      );
      assert.equal(fridayEnd, "16:30");
    });
    assert.deepEqual(errors, [], "no errors in the page");
  } finally {
    await close();
    await server.close();
  }
});
