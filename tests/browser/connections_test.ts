/**
 * /connections and the sandbox simulator in Chromium against a real server: an admin adds a
 * sandbox connection, starts it, opens the QR dialog, "scans" it from the simulator in a
 * second tab, and the first tab sees the connection become Connected without a reload; then
 * a customer writes from the simulator and the message is shown in it and arrives in Balcão
 * as a waiting ticket; a Typebot's paced reply shows "digitando…" in the simulator until it
 * arrives.
 */
import assert from "node:assert/strict";
import type { Page } from "puppeteer-core";
import { startServer } from "../../main.ts";
import { loadConfig } from "../../lib/config.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { startFakeIntegrations } from "../helpers/fake_integrations.ts";

const EMAIL = "admin@example.com";
const PASSWORD = "Browser-test-1";

/** The text of the table row whose first cell starts with `name`. */
function rowText(page: Page, name: string): Promise<string> {
  return page.$$eval(
    "tbody tr",
    (rows, wanted) =>
      rows.find((row) => row.querySelector("td")?.textContent?.startsWith(wanted as string))
        ?.textContent ?? "",
    name,
  );
}

/** Clicks the button or link in `scope` whose text is `text`, once it is there. */
async function clickButton(page: Page, scope: string, text: string) {
  const handle = await page.waitForFunction(
    (selector, wanted) =>
      [...document.querySelectorAll(selector)].find((el) =>
        el.textContent?.trim() === wanted && !(el as HTMLButtonElement).disabled
      ),
    { timeout: 10_000 },
    `${scope} button, ${scope} a`,
    text,
  );
  await (handle as unknown as { click(): Promise<void> }).click();
}

Deno.test("[browser] connections: add, start, pair from the simulator, a customer writes, typing…", async (t) => {
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-browser-conn-" });
  // A Typebot on this machine, whose paced replies make Balcão show "typing…".
  const fake = startFakeIntegrations();
  const originalLog = console.log;
  console.log = () => {};
  const server = await startServer(
    loadConfig({
      PORT: "0",
      DATA_DIR: dataDir,
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
      ALLOW_PRIVATE_HOSTS: new URL(fake.baseUrl).host,
    }),
  );
  console.log = originalLog;
  const { browser, close } = await launchBrowser();
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const { token } = await login.json();
    const api = async (path: string, method = "GET", body?: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      assert.equal(res.status, 200, path);
      return await res.json();
    };
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(String(err)));
    await page.setCookie(
      { name: "token", value: token, url: server.url },
      { name: "lang", value: "pt-BR", url: server.url },
    );
    let connectionId = 0;

    await t.step("the admin adds a sandbox connection", async () => {
      await page.goto(`${server.url}/connections`, { waitUntil: "networkidle0" });
      await page.click("[data-add-connection]");
      await page.waitForSelector("dialog[open] #connection-name");
      await page.type("dialog[open] #connection-name", "Balcão de teste");
      await page.select("dialog[open] #connection-provider", "sandbox");
      await page.click("dialog[open] button[type=submit]:not([aria-label])");
      await page.waitForFunction(() => !document.querySelector("dialog[open]"));
      await page.waitForFunction(() =>
        document.querySelector("tbody")?.textContent?.includes("Balcão de teste")
      );
      // A new connection starts its session at once: it waits for its QR to be read.
      assert.match(await rowText(page, "Balcão de teste"), /Simulador.*Aguardando leitura do QR/);
      const connections = await api("/api/whatsapp");
      const created = connections.find((c: { name: string }) => c.name === "Balcão de teste");
      assert.equal(created.provider, "sandbox");
      connectionId = created.id;
    });

    await t.step("its QR shows in the dialog", async () => {
      await page.click("[data-show-qr]");
      await page.waitForSelector("dialog[open] [data-testid=qr-code] path");
    });

    const simulator = await browser.newPage();
    await t.step("scanning in the simulator connects it, live in the first tab", async () => {
      simulator.on("pageerror", (err) => errors.push(String(err)));
      await simulator.goto(`${server.url}/connections/${connectionId}/simulator`, {
        waitUntil: "networkidle0",
      });
      await clickButton(simulator, "main", "Escanear QR (simulado)");
      await simulator.waitForSelector('[data-status="CONNECTED"]');
      // The first tab was not reloaded: its QR dialog closes and its row says Connected.
      await page.waitForFunction(() => !document.querySelector("dialog[open]"));
      await page.waitForFunction(() =>
        [...document.querySelectorAll("tbody tr")].some((row) =>
          row.textContent?.includes("Balcão de teste") && row.textContent.includes("Conectado")
        )
      );
      assert.equal((await api(`/api/whatsapp/${connectionId}`)).status, "CONNECTED");
    });

    await t.step("a customer writes from the simulator", async () => {
      await simulator.type("#sim-number", "5511987654321");
      await simulator.type("#sim-name", "Maria Souza");
      await clickButton(simulator, "main", "Conversar");
      await simulator.waitForSelector("#sim-text");
      await simulator.type("#sim-text", "Olá, preciso de ajuda com meu pedido");
      await simulator.keyboard.press("Enter");
      await simulator.waitForFunction(() =>
        document.querySelector("[data-testid=sim-messages]")?.textContent?.includes(
          "Olá, preciso de ajuda com meu pedido",
        )
      );
      const { customers } = await api(`/api/sandbox/${connectionId}/customers`);
      assert.ok(
        customers.some((c: { number: string }) => c.number === "5511987654321"),
        "the customer is stored",
      );
      const conversation = await api(
        `/api/sandbox/${connectionId}/conversation?number=5511987654321`,
      );
      assert.ok(
        JSON.stringify(conversation).includes("Olá, preciso de ajuda com meu pedido"),
        "the message is stored",
      );
      // And it arrived in Balcão: a waiting ticket with the message.
      const { tickets } = await api("/api/tickets?status=pending");
      assert.equal(tickets.length, 1);
      assert.equal(tickets[0].contact.name, "Maria Souza");
      assert.equal(tickets[0].lastMessage, "Olá, preciso de ajuda com meu pedido");
      const { messages } = await api(`/api/messages/${tickets[0].id}`);
      assert.deepEqual(messages.map((m: { body: string }) => m.body), [
        "Olá, preciso de ajuda com meu pedido",
      ]);
    });
    await t.step("the simulator shows typing… while a bot's paced reply waits", async () => {
      const bot = await api("/api/queueIntegration", "POST", {
        type: "typebot",
        name: "Recepção",
        urlN8N: `${fake.baseUrl}/typebot`,
        typebotSlug: "recepcao",
        typebotDelayMessage: 2500,
      });
      await api(`/api/whatsapp/${connectionId}`, "PUT", { integrationId: bot.id });
      fake.typebot.flows["recepcao"] = [
        { text: "Olá! Em que posso ajudar?" },
        { input: { variable: "assunto" } },
      ];
      await simulator.type("#sim-number", "5511987650002");
      await simulator.type("#sim-name", "João");
      await clickButton(simulator, "main", "Conversar");
      await simulator.type("#sim-text", "Oi");
      await simulator.keyboard.press("Enter");
      // Looked at every 50 ms: the pause lasts only the bot's 2.5 s, and the text changes in
      // place, which a mutation watch (child lists and attributes) does not see.
      await simulator.waitForFunction(
        () => document.querySelector("[data-testid=sim-typing]")?.textContent === "digitando…",
        { polling: 50 },
      );
      // The reply arrives after the pause, and "typing…" ends with it.
      await simulator.waitForFunction(() =>
        document.querySelector("[data-testid=sim-messages]")?.textContent?.includes(
          "Olá! Em que posso ajudar?",
        ) && document.querySelector("[data-testid=sim-typing]")?.textContent === ""
      );
      await api(`/api/whatsapp/${connectionId}`, "PUT", { integrationId: null });
    });

    await t.step("on a 360 px phone each connection is a card that fits the screen", async () => {
      await page.setViewport({ width: 360, height: 740 });
      await page.goto(`${server.url}/connections`, { waitUntil: "networkidle0" });
      const layout = await page.evaluate(() => {
        const table = document.querySelector("table")!;
        const row = table.querySelector("tbody tr")!;
        const visible = (el: Element | null) =>
          el !== null && (el as HTMLElement).offsetParent !== null &&
          el.getBoundingClientRect().right <= document.documentElement.clientWidth;
        return {
          pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          tableOverflow: table.parentElement!.scrollWidth - table.parentElement!.clientWidth,
          header: visible(table.querySelector("thead")),
          status: [...row.querySelectorAll("[data-status]")].filter(visible).length,
          buttons: [...row.querySelectorAll("button, a")].filter(visible)
            .map((el) => el.getAttribute("aria-label") ?? el.textContent?.trim()),
        };
      });
      assert.equal(layout.pageOverflow, 0, "the page does not scroll sideways");
      assert.equal(layout.tableOverflow, 0, "the table does not scroll sideways");
      assert.equal(layout.header, false, "the column header gives way to the cards");
      assert.equal(layout.status, 1, "the status shows once, under the name");
      for (
        const name of [
          "Desconectar",
          "Abrir o simulador de Balcão de teste",
          "Editar a conexão Balcão de teste",
          "Excluir a conexão Balcão de teste",
        ]
      ) {
        assert.ok(layout.buttons.some((b) => b?.includes(name)), `${name} is on screen`);
      }
    });

    assert.deepEqual(errors, [], "no errors in the pages");
  } finally {
    await close();
    await server.shutdown();
    await fake.close();
    await Deno.remove(dataDir, { recursive: true });
  }
});
