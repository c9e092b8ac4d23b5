/**
 * /queues in Chromium against a real server: with opening hours set per queue, an admin
 * creates a queue (name, palette colour, greeting, a shorter Friday) with a menu three
 * levels deep in one save; after a reload everything is still there, in the page and in the
 * API. Changes to the menu that end in Cancel are not saved (#23), and on short screens the
 * dialog keeps its Save button and a save error in view.
 */
import assert from "node:assert/strict";
import type { Page } from "puppeteer-core";
import { comesIntoView, inViewport, launchBrowser } from "../helpers/browser.ts";
import { apiWith, clickButton, signedInPage, startTestServer } from "../helpers/browser_server.ts";

/** Sets a time input the way a person picking a time does (Preact listens to `input`). */
async function setTime(page: Page, label: string, value: string) {
  await page.$eval(`dialog[open] input[aria-label="${label}"]`, (input, time) => {
    (input as HTMLInputElement).value = time as string;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }, value);
}

const OPTION_TITLES = "dialog[open] [data-testid=queue-option] input[id$=-title]";

/** Replaces the text of the option title number `index` (in document order). */
async function retitle(page: Page, index: number, text: string) {
  await page.waitForFunction(
    (selector, wanted) => document.querySelectorAll(selector).length > wanted,
    {},
    OPTION_TITLES,
    index,
  );
  const input = (await page.$$(OPTION_TITLES))[index]!;
  await input.click({ count: 3 });
  await page.keyboard.press("Backspace");
  await input.type(text);
}

/** Clicks "Sub-opção" on the option whose title is `title`. */
async function addSubOption(page: Page, title: string) {
  await page.$$eval("dialog[open] [data-testid=queue-option]", (items, wanted) => {
    const item = items.find((li) =>
      (li.querySelector("input[id$=-title]") as HTMLInputElement).value === wanted
    )!;
    const own = item.firstElementChild!;
    [...own.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Sub-opção")!
      .click();
  }, title);
}

const titlesInDialog = (page: Page) =>
  page.$$eval(OPTION_TITLES, (inputs) => inputs.map((i) => (i as HTMLInputElement).value));

Deno.test("[browser] queues: hours and a three-level options menu saved with the queue", async (t) => {
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

    await t.step("a queue is created with a colour, a shorter Friday and its menu", async () => {
      await page.goto(`${server.url}/queues`, { waitUntil: "networkidle0" });
      await clickButton(page, "main", "Nova fila");
      await page.waitForSelector("dialog[open] #queue-name");
      await page.type("dialog[open] #queue-name", "Financeiro");
      const swatches = await page.$$("dialog[open] input[type=radio][name=queue-color]");
      assert.equal(swatches.length, 50, "the palette has 50 colours");
      color = await swatches[13]!.evaluate((input) => (input as HTMLInputElement).value);
      await swatches[13]!.click();
      await page.type("dialog[open] #queue-greeting", "Olá! Este é o financeiro.");
      await clickButton(page, "dialog[open]", "Adicionar opção");
      await retitle(page, 0, "Boletos");
      await addSubOption(page, "Boletos");
      await retitle(page, 1, "Segunda via");
      await addSubOption(page, "Segunda via");
      await retitle(page, 2, "Por e-mail");
      await clickButton(page, "dialog[open]", "Adicionar opção");
      await retitle(page, 3, "Pix");
      assert.deepEqual(await titlesInDialog(page), ["Boletos", "Segunda via", "Por e-mail", "Pix"]);
      // Nothing reaches the server before Save.
      assert.deepEqual(await api("GET", "/api/queue"), []);
      await clickButton(page, "dialog[open]", "Horários de Atendimento");
      await page.waitForSelector('dialog[open] input[aria-label="Fim de Sexta-feira"]');
      await setTime(page, "Fim de Sexta-feira", "16:30");
      await page.click("dialog[open] button[type=submit]:not([aria-label])");
      await page.waitForFunction(() => !document.querySelector("dialog[open]"));
      await page.waitForFunction(() =>
        document.querySelector("tbody")?.textContent?.includes("Financeiro")
      );
    });

    const queues = await api("GET", "/api/queue");
    const queue = queues.find((q: { name: string }) => q.name === "Financeiro");
    assert.ok(queue, "the queue is stored");
    type Option = { id: number; title: string; parentId: number | null };
    const optionsOf = async (): Promise<Option[]> =>
      await api("GET", `/api/queue-options?queueId=${queue.id}`);

    await t.step("after a reload everything is still there", async () => {
      const stored = await api("GET", `/api/queue/${queue.id}`);
      assert.equal(stored.color.toLowerCase(), color.toLowerCase());
      assert.equal(stored.greetingMessage, "Olá! Este é o financeiro.");
      const friday = stored.schedules.find((day: { weekdayEn: string }) =>
        day.weekdayEn === "friday"
      );
      assert.deepEqual([friday.startTime, friday.endTime], ["08:00", "16:30"]);
      const options = await optionsOf();
      const byTitle = (title: string) => options.find((o) => o.title === title)!;
      assert.equal(byTitle("Boletos").parentId, null);
      assert.equal(byTitle("Segunda via").parentId, byTitle("Boletos").id);
      assert.equal(byTitle("Por e-mail").parentId, byTitle("Segunda via").id);
      assert.equal(byTitle("Pix").parentId, null);

      await page.reload({ waitUntil: "networkidle0" });
      await page.click('button[aria-label="Editar a fila Financeiro"]');
      await page.waitForSelector(OPTION_TITLES);
      assert.deepEqual(await titlesInDialog(page), ["Boletos", "Segunda via", "Por e-mail", "Pix"]);
      await clickButton(page, "dialog[open]", "Horários de Atendimento");
      const fridayEnd = await page.$eval(
        'dialog[open] input[aria-label="Fim de Sexta-feira"]',
        (input) => (input as HTMLInputElement).value,
      );
      assert.equal(fridayEnd, "16:30");
    });

    await t.step("menu changes that end in Cancel are not saved", async () => {
      const before = await optionsOf();
      await clickButton(page, "dialog[open]", "Dados da Fila");
      await retitle(page, 0, "Renomeada");
      await page.click('dialog[open] button[aria-label="Excluir a opção Pix"]');
      await clickButton(page, "dialog[open]", "Adicionar opção");
      await clickButton(page, "dialog[open] footer", "Cancelar");
      await page.waitForFunction(() => !document.querySelector("dialog[open]"));
      await page.waitForNetworkIdle();
      assert.deepEqual(await optionsOf(), before);
    });

    await t.step("a leaf forwards to another queue; a menu offers no forwarding", async () => {
      const comercial = await api("POST", "/api/queue", { name: "Comercial", color: "#0f766e" });
      await page.reload({ waitUntil: "networkidle0" });
      await page.click('button[aria-label="Editar a fila Financeiro"]');
      await page.waitForSelector(OPTION_TITLES);
      const pickers = await page.$$eval(
        'dialog[open] select[aria-label^="Encaminhamento da opção"]',
        (selects) => selects.map((select) => select.getAttribute("aria-label")),
      );
      // "Boletos" (1) and "Segunda via" (1.1) hold sub-options; "Por e-mail" and "Pix" are leaves.
      assert.deepEqual(pickers, ["Encaminhamento da opção 1.1.1", "Encaminhamento da opção 2"]);
      await page.select(
        'dialog[open] select[aria-label="Encaminhamento da opção 2"]',
        String(comercial.id),
      );
      await page.click("dialog[open] button[type=submit]:not([aria-label])");
      await page.waitForFunction(() => !document.querySelector("dialog[open]"));
      await page.waitForNetworkIdle();
      const pix = (await optionsOf()).find((o) => o.title === "Pix") as Option & {
        forwardQueueId: number | null;
      };
      assert.equal(pix.forwardQueueId, comercial.id);
    });

    for (const [width, height] of [[1280, 600], [360, 640]] as const) {
      await t.step(`at ${width}×${height} Save and a save error stay in view`, async () => {
        await page.setViewport({ width, height });
        // A fresh page at this size, as a person on that screen would have it.
        await page.goto(`${server.url}/queues`, { waitUntil: "networkidle0" });
        // A script click: at phone width the sticky top bar may cover the row's button.
        await page.$eval(
          'button[aria-label="Editar a fila Financeiro"]',
          (button) => (button as HTMLButtonElement).click(),
        );
        await page.waitForSelector(OPTION_TITLES);
        // A name another queue has: the server refuses the save.
        await api("POST", "/api/queue", {
          name: `Outra ${width}`,
          color: width === 360 ? "#bb0022" : "#aa0011",
        });
        await page.$eval("dialog[open] #queue-name", (input) => {
          (input as HTMLInputElement).value = "";
        });
        await page.type("dialog[open] #queue-name", `Outra ${width}`);
        // The body scrolls: the options sit below the fold, the buttons stay.
        await page.$eval(
          "dialog[open] [data-testid=queue-option]:last-child",
          (el) => el.scrollIntoView(),
        );
        const save = "dialog[open] footer button[type=submit]";
        assert.ok(await inViewport(page, save), "Save is in view");
        assert.ok(await inViewport(page, "dialog[open] header h2"), "the title is in view");
        await page.click(save);
        await page.waitForSelector("dialog[open] [role=alert]");
        assert.ok(await inViewport(page, "dialog[open] [role=alert]"), "the error is in view");
        assert.match(
          await page.$eval("dialog[open] [role=alert]", (el) => el.textContent ?? ""),
          /Já existe uma fila com esse nome/,
        );
        assert.ok(
          await comesIntoView(page, "dialog[open] #queue-name"),
          "the wrong field is shown",
        );
        await clickButton(page, "dialog[open] footer", "Cancelar");
        await page.waitForFunction(() => !document.querySelector("dialog[open]"));
      });
    }
    assert.deepEqual(errors, [], "no errors in the page");
  } finally {
    await close();
    await server.close();
  }
});
