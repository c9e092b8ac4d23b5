/**
 * The queue chatbot seen from the ticket screen, in Chromium against a real server: a
 * customer writes through the sandbox phone, the bot answers with the menu, and when the
 * customer picks a queue the admin's open conversation shows it live, without a reload.
 */
import assert from "node:assert/strict";
import type { Page } from "puppeteer-core";
import { loadConfig } from "../../lib/config.ts";
import { startServer } from "../../main.ts";
import { launchBrowser } from "../helpers/browser.ts";

const EMAIL = "admin@example.com";
const PASSWORD = "Browser-test-1";
const CUSTOMER = "5511987650077";
/** The number as the conversation header shows it. */
const CUSTOMER_SHOWN = "+55 (11) 98765-0077";

async function waitForText(page: Page, text: string, selector = "body") {
  await page.waitForFunction(
    (sel, wanted) => document.querySelector(sel)?.textContent?.includes(wanted as string),
    { timeout: 15_000, polling: 100 },
    selector,
    text,
  );
}

Deno.test("[browser] conversation flow: the queue the customer picks shows live", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-browser-flow-" });
  const originalLog = console.log;
  console.log = () => {};
  const server = await startServer(
    loadConfig({ PORT: "0", DATA_DIR: dataDir, ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD }),
  );
  console.log = originalLog;
  let launched: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  const errors: string[] = [];
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const token = (await login.json()).token as string;
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      assert.ok(res.ok, `${method} ${path}: ${res.status} ${await res.clone().text()}`);
      return await res.json();
    };
    const vendas = await api("POST", "/api/queue", { name: "Vendas", color: "#2563eb" });
    const suporte = await api("POST", "/api/queue", { name: "Suporte", color: "#16a34a" });
    const connection = await api("POST", "/api/whatsapp", {
      name: "Loja",
      provider: "sandbox",
      isDefault: true,
      greetingMessage: "Olá! Escolha um setor:",
      queueIds: [vendas.id, suporte.id],
    });
    await api("POST", `/api/whatsappsession/${connection.id}`);
    await api("POST", `/api/sandbox/${connection.id}/pair`);
    const customerWrites = (body: string) =>
      api("POST", `/api/sandbox/${connection.id}/inbound`, {
        number: CUSTOMER,
        name: "Rita",
        body,
      });

    await customerWrites("Oi");
    const list = await api("GET", "/api/tickets?status=pending&showAll=true");
    const ticket = list.tickets.find((one: { contact: { number: string } }) =>
      one.contact.number === CUSTOMER
    );
    assert.equal(ticket.queue, null);

    launched = await launchBrowser();
    const page = await launched.browser.newPage();
    page.on("pageerror", (err) => errors.push(String(err)));
    await page.setViewport({ width: 1280, height: 800 });
    await page.setCookie(
      { name: "token", value: token, url: server.url },
      { name: "lang", value: "pt-BR", url: server.url },
    );
    await page.goto(`${server.url}/tickets/${ticket.uuid}`, { waitUntil: "networkidle0" });
    // The conversation's header says where the ticket is: no queue yet.
    await waitForText(page, `${CUSTOMER_SHOWN} · Sem fila · aguardando`, "main");
    // The bot's menu is in the conversation, as the customer got it (queues by name).
    await waitForText(page, "[ 1 ] - Suporte", "[role=log]");
    await waitForText(page, "[ 2 ] - Vendas", "[role=log]");

    await customerWrites("1");
    await waitForText(page, `${CUSTOMER_SHOWN} · Suporte · aguardando`, "main");
    assert.equal(errors.length, 0, errors.join("\n"));
  } finally {
    await launched?.close();
    await server.shutdown();
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});
