/**
 * Campaigns in Chromium against a real server (its campaign sweep on the wall clock, issue
 * 20): a spreadsheet with a bad row is imported into a contact list and the per-row report
 * names it; a campaign is created in the dialog on the sandbox connection, and its report
 * page follows the sending live, from nothing to every shipment delivered. Then a file list
 * is made on /files with one uploaded file.
 */
import assert from "node:assert/strict";
import type { ElementHandle } from "puppeteer-core";
import { launchBrowser } from "../helpers/browser.ts";
import {
  apiWith,
  clickButton,
  pairedSandbox,
  PNG_PIXEL,
  signedInPage,
  startTestServer,
  waitForText,
} from "../helpers/browser_server.ts";

Deno.test("[browser] campaigns: import report, a campaign sent live, a file list", async () => {
  const server = await startTestServer("campaigns");
  const { browser, close } = await launchBrowser();
  try {
    const token = await server.signIn();
    const api = apiWith(server.url, token);
    const connection = await pairedSandbox(api);
    // Five seconds between messages: the report shows the first before the second goes.
    await api("POST", "/api/campaign-settings", { settings: { messageInterval: 5 } });
    const list = await api("POST", "/api/contact-lists", { name: "Clientes VIP" });
    const errors: string[] = [];
    const page = await signedInPage(browser, server.url, token, errors);

    // The import: two good rows and one whose number is no number.
    await page.goto(`${server.url}/contact-lists/${list.id}/contacts`, {
      waitUntil: "networkidle0",
    });
    const csv = "Nome,Número,Email\nAna Souza,11987655001,ana@example.com\n" +
      "Bruno Lima,11987655002,\nSem Número,abc,\n";
    const sheet = await Deno.makeTempFile({ suffix: ".csv" });
    await Deno.writeTextFile(sheet, csv);
    const input = await page.waitForSelector("input[data-testid=list-import]") as
      | ElementHandle<HTMLInputElement>
      | null;
    await input!.uploadFile(sheet);
    await page.waitForSelector("[data-testid=import-report]");
    await waitForText(page, "Linha 4", "[data-testid=import-report]");
    await waitForText(page, "Número inválido", "[data-testid=import-report]");
    await waitForText(page, "Bruno Lima", "table");
    await Deno.remove(sheet);

    // The campaign, made in the dialog, due a few seconds from now.
    await page.goto(`${server.url}/campaigns`, { waitUntil: "networkidle0" });
    await clickButton(page, "main", "Nova campanha");
    await page.waitForSelector("dialog[open] #campaign-name");
    await page.type("#campaign-name", "Promoção de verão");
    await page.waitForFunction(() =>
      document.querySelectorAll("#campaign-list option").length > 1 &&
      document.querySelectorAll("#campaign-whatsapp option").length > 1
    );
    await page.select("#campaign-whatsapp", String(connection.id));
    await page.select("#campaign-list", String(list.id));
    await page.type("#campaign-message1", "Olá {nome}, temos novidades!");
    await page.$eval("#campaign-scheduled", (field) => {
      const at = new Date(Date.now() + 4000);
      const pad = (n: number) => String(n).padStart(2, "0");
      const input = field as HTMLInputElement;
      input.value = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${
        pad(at.getHours())
      }:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await page.click("dialog[open] button[type=submit]:not([aria-label])");
    await page.waitForFunction(() => !document.querySelector("dialog[open]"));
    const [campaign] = (await api("GET", "/api/campaigns")).records;
    assert.equal(campaign.status, "PROGRAMADA");

    // The report, opened before the start, follows the sending without a reload.
    await page.goto(`${server.url}/campaign/${campaign.id}/report`, { waitUntil: "networkidle0" });
    const percent = () => page.$eval("[data-testid=report-percent]", (el) => el.textContent);
    assert.equal(await percent(), "0%");
    await page.waitForFunction(
      () => document.querySelector("[data-testid=report-percent]")?.textContent === "50%",
      { timeout: 15_000, polling: 100 },
    );
    await page.waitForFunction(
      () => document.querySelector("[data-testid=count-delivered]")?.textContent === "2",
      { timeout: 15_000, polling: 100 },
    );
    assert.equal(await percent(), "100%");
    const received = await api(
      "GET",
      `/api/sandbox/${connection.id}/outbound?number=5511987655001`,
    );
    assert.ok(
      JSON.stringify(received).includes("Olá Ana Souza, temos novidades!"),
      JSON.stringify(received),
    );

    // A file list with one uploaded file.
    await page.goto(`${server.url}/files`, { waitUntil: "networkidle0" });
    await clickButton(page, "main", "Nova lista de arquivos");
    await page.waitForSelector("dialog[open] #file-list-name");
    await page.type("#file-list-name", "Catálogo");
    await page.type("#file-list-message", "Nossos arquivos");
    await clickButton(page, "dialog[open]", "+ Adicionar arquivo");
    await page.type("#file-option-0-name", "Vitrine");
    const picture = await Deno.makeTempFile({ suffix: ".png" });
    await Deno.writeFile(picture, PNG_PIXEL);
    const picker = await page.waitForSelector("dialog[open] input[type=file]") as
      | ElementHandle<HTMLInputElement>
      | null;
    await picker!.uploadFile(picture);
    await waitForText(page, ".png", "dialog[open]");
    await page.click("dialog[open] button[type=submit]:not([aria-label])");
    await page.waitForFunction(() => !document.querySelector("dialog[open]"));
    await waitForText(page, "1 arquivo", "table");
    await Deno.remove(picture);
    const [files] = (await api("GET", "/api/files")).files;
    assert.equal(files.options.length, 1);
    assert.equal(files.options[0].name, "Vitrine");
    assert.match(files.options[0].mediaName, /\.png$/);
    assert.deepEqual(errors, []);
  } finally {
    await close();
    await server.close();
  }
});
