/**
 * The ticket screen in Chromium against a real server, with two people at work: an agent
 * (queue Vendas) and an admin. A customer writes through the sandbox phone; the waiting
 * ticket shows up live for both; the agent accepts it, answers with the signature on, and
 * the ticks move to read as the customer's phone reports; the customer's next message
 * arrives live; a quick reply is picked with "/"; the agent transfers it to Suporte, loses sight of it (and is told
 * "Acesso não permitido" at its address), the admin accepts and resolves it.
 */
import assert from "node:assert/strict";
import type { Page } from "puppeteer-core";
import { loadConfig } from "../../lib/config.ts";
import { startServer } from "../../main.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { pairedSandbox, PNG_PIXEL, waitForText } from "../helpers/browser_server.ts";

const EMAIL = "admin@example.com";
const PASSWORD = "Browser-test-1";
const CUSTOMER = "5511987650042";

/** The names on the cards of the list shown. */
function cardNames(page: Page): Promise<string[]> {
  return page.$$eval("[data-ticket] .font-medium", (els) => els.map((el) => el.textContent ?? ""));
}

Deno.test("[browser] tickets: accept, answer with ticks and a picture, live messages, transfer, resolve", async (t) => {
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-browser-tickets-" });
  const originalLog = console.log;
  console.log = () => {};
  const server = await startServer(
    loadConfig({ PORT: "0", DATA_DIR: dataDir, ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD }),
  );
  console.log = originalLog;
  // One browser per person: each page stays in front, as on two people's screens (puppeteer's
  // clicks wait for frames, which a background tab does not paint).
  const browsers: Awaited<ReturnType<typeof launchBrowser>>[] = [];
  const errors: string[] = [];
  try {
    const signIn = async (email: string, password: string) => {
      const res = await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      assert.equal(res.status, 200);
      return (await res.json()).token as string;
    };
    const adminToken = await signIn(EMAIL, PASSWORD);
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      assert.ok(res.ok, `${method} ${path}: ${res.status}`);
      return await res.json();
    };
    const vendas = await api("POST", "/api/queue", { name: "Vendas", color: "#2563eb" });
    const suporte = await api("POST", "/api/queue", { name: "Suporte", color: "#16a34a" });
    await api("POST", "/api/users", {
      name: "Bruno Souza",
      email: "bruno@example.com",
      password: "Bruno-2026",
      profile: "user",
      queueIds: [vendas.id],
      // The connection routes to no queue: Bruno sees the tickets that have none yet.
      allTicket: "enabled",
    });
    const connection = await pairedSandbox(api);
    const customerWrites = (body: string) =>
      api("POST", `/api/sandbox/${connection.id}/inbound`, {
        number: CUSTOMER,
        name: "Marta",
        body,
      });

    const open = async (token: string) => {
      const launched = await launchBrowser();
      browsers.push(launched);
      const page = await launched.browser.newPage();
      page.on("pageerror", (err) => errors.push(String(err)));
      await page.setViewport({ width: 1280, height: 800 });
      await page.setCookie(
        { name: "token", value: token, url: server.url },
        { name: "lang", value: "pt-BR", url: server.url },
      );
      await page.goto(`${server.url}/tickets`, { waitUntil: "networkidle0" });
      return page;
    };
    const agent = await open(await signIn("bruno@example.com", "Bruno-2026"));
    const admin = await open(adminToken);
    let uuid = "";

    await t.step("a customer's message shows up live as waiting, for both", async () => {
      await customerWrites("Oi, vocês entregam em Campinas?");
      for (const page of [agent, admin]) {
        await page.waitForSelector("#ticket-sub-tab-pending span");
        await page.waitForFunction(() =>
          document.querySelector("#ticket-sub-tab-pending")?.textContent?.includes("1")
        );
        await page.click("#ticket-sub-tab-pending");
        await waitForText(page, "Marta", "[data-ticket]");
        await waitForText(page, "Oi, vocês entregam em Campinas?", "[data-ticket]");
      }
    });

    await t.step("a waiting ticket is accepted, not opened by a click", async () => {
      await agent.click("[data-ticket] .font-medium");
      assert.equal(new URL(agent.url()).pathname, "/tickets");
      await agent.click("[data-ticket] button.bg-brand-600, [data-ticket] button");
      await agent.waitForFunction(() => /^\/tickets\/[0-9a-f-]{36}$/.test(location.pathname));
      uuid = new URL(agent.url()).pathname.split("/")[2]!;
      await waitForText(agent, "Oi, vocês entregam em Campinas?", "[role=log]");
      // The admin's waiting list loses it without a reload.
      await admin.waitForFunction(() => !document.querySelector("[data-ticket]"), { polling: 100 });
    });

    await t.step("the answer goes out signed and its ticks reach read", async () => {
      await agent.type("textarea", "Entregamos sim! O frete para Campinas é grátis.");
      await agent.keyboard.press("Enter");
      await waitForText(agent, "O frete para Campinas é grátis.", "[role=log]");
      await agent.waitForFunction(() => document.querySelector("textarea")?.value === "");
      // The sandbox phone reports delivered after 1 s and read after 3 s.
      await agent.waitForSelector('[role=log] [data-ack="4"]', { timeout: 15_000 });
      const sent = await api("GET", `/api/sandbox/${connection.id}/outbound?number=${CUSTOMER}`);
      assert.equal(
        sent.messages.at(-1).body,
        "*Bruno Souza:*\nEntregamos sim! O frete para Campinas é grátis.",
      );
    });

    await t.step("the customer's next message arrives in the open conversation", async () => {
      await customerWrites("Ótimo, vou fechar o pedido então");
      await waitForText(agent, "Ótimo, vou fechar o pedido então", "[role=log]");
    });

    await t.step("a quick reply is picked with '/' and sent", async () => {
      await api("POST", "/api/quick-messages", {
        shortcode: "pedido",
        message: "Seu pedido sai hoje, {{firstName}}!",
        geral: true,
      });
      await agent.type("textarea", "/ped");
      await agent.waitForSelector("[role=listbox] [role=option]");
      assert.equal(
        await agent.$eval("[role=listbox] [role=option]", (el) => el.textContent),
        "/pedidoSeu pedido sai hoje, {{fir…", // labels are cut at 35 characters
      );
      await agent.click("[role=listbox] [role=option]");
      assert.equal(
        await agent.$eval("textarea", (el) => el.value),
        "Seu pedido sai hoje, {{firstName}}!",
      );
      await agent.keyboard.press("Enter");
      // The variable is filled in for the customer.
      await waitForText(agent, "Seu pedido sai hoje, Marta!", "[role=log]");
    });

    await t.step("a picture goes out with its caption and shows in the conversation", async () => {
      const picture = await Deno.makeTempFile({ prefix: "balcao-", suffix: " nova.png" });
      await Deno.writeFile(picture, PNG_PIXEL);
      const input = await agent.$('input[data-testid="attach"]');
      await input!.uploadFile(picture);
      await agent.waitForSelector('ul[aria-label="Arquivos a enviar"] li');
      await agent.type("textarea", "Foto da embalagem");
      await agent.keyboard.press("Enter");
      // Shown from Balcão's own (signed-in) media address, and really loaded.
      const image = await agent.waitForSelector("[role=log] img[src]", { timeout: 10_000 });
      await agent.waitForFunction(
        (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 1,
        {},
        image,
      );
      await Deno.remove(picture);
      // The outbox hands it to the phone right after it is stored.
      let last = { media: null as null | Record<string, string>, body: "" };
      for (let tries = 0; tries < 100 && !last.media; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const sent = await api("GET", `/api/sandbox/${connection.id}/outbound?number=${CUSTOMER}`);
        last = sent.messages.at(-1);
      }
      assert.equal(last.media?.kind, "image");
      assert.equal(last.media?.mimetype, "image/png");
      assert.match(last.media?.fileName ?? "", /_nova\.png$/, "spaces in the name become _");
      assert.match(last.body, /Foto da embalagem/);
    });

    await t.step("a transfer to another queue hands the conversation over", async () => {
      await agent.click('[data-action="transfer"]');
      await agent.waitForSelector("dialog[open] #ticket-transfer-queue");
      await agent.select("dialog[open] #ticket-transfer-queue", String(suporte.id));
      await agent.click('dialog[open] button[form="ticket-transfer-form"]');
      await agent.waitForFunction(() => location.pathname === "/tickets");
      await waitForText(agent, "Nenhum atendimento aberto");
      // Out of the agent's queues now: its address is refused.
      await agent.goto(`${server.url}/tickets/${uuid}`, { waitUntil: "networkidle0" });
      await waitForText(agent, "Acesso não permitido");
      assert.equal(new URL(agent.url()).pathname, "/tickets");
    });

    await t.step("the admin sees it waiting in Suporte, accepts and resolves it", async () => {
      await admin.click("#ticket-sub-tab-pending");
      await waitForText(admin, "Marta", "[data-ticket]");
      await waitForText(admin, "Suporte", "[data-ticket]");
      await admin.click("[data-ticket] button");
      await waitForText(admin, "Ótimo, vou fechar o pedido então", "[role=log]");
      await admin.click('[data-action="resolve"]');
      await admin.waitForFunction(() => location.pathname === "/tickets");
      await admin.click("#ticket-tabs-tab-closed");
      await waitForText(admin, "Marta", "[data-ticket]");
      assert.deepEqual(await cardNames(admin), ["Marta"]);
      const ticket = await api("GET", `/api/tickets/u/${uuid}`);
      assert.equal(ticket.status, "closed");
      assert.equal(ticket.queue.name, "Suporte");
    });

    assert.deepEqual(errors, [], "no errors in the pages");
  } finally {
    for (const launched of browsers) await launched.close();
    await server.shutdown();
    await Deno.remove(dataDir, { recursive: true });
  }
});
