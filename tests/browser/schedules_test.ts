/**
 * /schedules in Chromium against a real server (its job runner on the wall clock): a
 * schedule is created from the calendar's day, is sent at its time and turns "sent" live,
 * and its message is in the customer's ticket.
 */
import assert from "node:assert/strict";
import { launchBrowser } from "../helpers/browser.ts";
import { apiWith, signedInPage, startTestServer } from "../helpers/browser_server.ts";

Deno.test("[browser] schedules: created on the calendar, sent live, in the ticket", async () => {
  const server = await startTestServer("schedules");
  const { browser, close } = await launchBrowser();
  try {
    const token = await server.signIn();
    const api = apiWith(server.url, token);
    const connection = await api("POST", "/api/whatsapp", {
      name: "Loja",
      provider: "sandbox",
      isDefault: true,
    });
    await api("POST", `/api/whatsappsession/${connection.id}`);
    await api("POST", `/api/sandbox/${connection.id}/pair`);
    await api("POST", `/api/sandbox/${connection.id}/inbound`, {
      number: "5511987650301",
      name: "Rita Lima",
      body: "Oi",
    });
    const errors: string[] = [];
    const page = await signedInPage(browser, server.url, token, errors);
    await page.goto(`${server.url}/schedules`, { waitUntil: "networkidle0" });

    // Today's "+" on the month grid opens the dialog for today.
    const today = new Date().toDateString();
    await page.click(`[data-day="${today}"] button[aria-label^="Novo agendamento"]`);
    await page.waitForSelector("dialog[open]");
    await page.waitForFunction(() =>
      document.querySelector("dialog[open]")?.textContent?.includes("Rita Lima")
    );
    await page.click("dialog[open] input[name=schedule-contact]");
    await page.type(
      "dialog[open] #schedule-body",
      "Olá {{firstName}}, seu horário está confirmado.",
    );
    // A few seconds from now (the picker itself has minutes; the field takes seconds too).
    await page.$eval("#schedule-send-at", (input) => {
      const at = new Date(Date.now() + 4000);
      const pad = (n: number) => String(n).padStart(2, "0");
      const field = input as HTMLInputElement;
      field.value = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${
        pad(at.getHours())
      }:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
      field.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await page.click("dialog[open] button[type=submit]:not([aria-label])");
    await page.waitForFunction(() => !document.querySelector("dialog[open]"));
    await page.waitForSelector(`[data-day="${today}"] [data-schedule]`);

    // Sent by the job at its time; the calendar hears it and marks it sent.
    await page.waitForSelector(`[data-day="${today}"] [data-status="ENVIADA"]`, {
      timeout: 20_000,
    });
    const [schedule] = (await api("GET", "/api/schedules")).schedules;
    assert.equal(schedule.status, "ENVIADA");
    assert.ok(schedule.lateMs < 3000, `sent ${schedule.lateMs} ms late`);

    const tickets = await api("GET", "/api/tickets?showAll=true&status=pending");
    const ticket = tickets.tickets.find((one: { id: number }) => one.id === schedule.ticketId);
    await page.goto(`${server.url}/tickets/${ticket.uuid}`, { waitUntil: "load" });
    await page.waitForFunction(() =>
      document.body.textContent?.includes("Olá Rita, seu horário está confirmado.")
    );
    assert.deepEqual(errors, []);
  } finally {
    await close();
    await server.close();
  }
});
