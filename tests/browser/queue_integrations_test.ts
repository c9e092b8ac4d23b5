/**
 * /queue-integration in Chromium against a real server: an admin adds a webhook, the dialog
 * stays open showing the signing secret the server made (the same the API gives), and the
 * list shows the new row; then the queue dialog offers it in its integration picker.
 */
import assert from "node:assert/strict";
import { launchBrowser } from "../helpers/browser.ts";
import {
  apiWith,
  clickButton,
  signedInPage,
  startTestServer,
  waitForText,
} from "../helpers/browser_server.ts";

Deno.test("[browser] queue integrations: a webhook is added, its secret shown, then offered to queues", async () => {
  const server = await startTestServer("integrations");
  const { browser, close } = await launchBrowser();
  try {
    const token = await server.signIn();
    const api = apiWith(server.url, token);
    const errors: string[] = [];
    const page = await signedInPage(browser, server.url, token, errors);

    await page.goto(`${server.url}/queue-integration`, { waitUntil: "networkidle0" });
    await clickButton(page, "main", "Nova integração");
    await page.waitForSelector("dialog[open] #integration-type");
    // n8n: the Webhook node's settings that work are told in the dialog itself.
    await page.select("dialog[open] #integration-type", "n8n");
    const guide = await page.waitForSelector(
      "dialog[open] section[aria-labelledby=integration-n8n-guide]",
    );
    const steps = await guide!.evaluate((section) =>
      [...section.querySelectorAll("li")].map((li) => li.textContent ?? "")
    );
    assert.equal(steps.length, 5);
    assert.match(steps[0]!, /^HTTP Method: POST/);
    assert.match(steps[2]!, /When Last Node Finishes/);
    await page.select("dialog[open] #integration-type", "webhook");
    assert.equal(
      await page.$("dialog[open] section[aria-labelledby=integration-n8n-guide]"),
      null,
      "a plain webhook has no n8n guide",
    );
    await page.type("dialog[open] #integration-name", "CRM da loja");
    await page.type("dialog[open] #integration-url", "https://crm.example.com/balcao");
    await clickButton(page, "dialog[open]", "Salvar");
    const secret = await page.waitForSelector("dialog[open] [data-testid=integration-secret]");
    const shown = await secret!.evaluate((code) => code.textContent?.trim());

    const { queueIntegrations } = await api("GET", "/api/queueIntegration");
    assert.deepEqual(
      queueIntegrations.map((i: { name: string; type: string }) => [i.name, i.type]),
      [["CRM da loja", "webhook"]],
    );
    const saved = await api("GET", `/api/queueIntegration/${queueIntegrations[0].id}`);
    assert.equal(shown, saved.hmacSecret);
    await clickButton(page, "dialog[open]", "Cancelar");
    await waitForText(page, "CRM da loja", "[data-testid=integrations-scroll]");

    await page.goto(`${server.url}/queues`, { waitUntil: "networkidle0" });
    await clickButton(page, "main", "Nova fila");
    await page.waitForFunction(() =>
      [...document.querySelectorAll("dialog[open] #queue-integration option")]
        .some((option) => option.textContent === "CRM da loja")
    );
    assert.deepEqual(errors, []);
  } finally {
    await close();
    await server.close();
  }
});
