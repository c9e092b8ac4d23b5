/**
 * The agent's day from the keyboard alone (issue 23 items 2 and 3): a customer writes, the
 * agent reaches the waiting list, Alt+↓ puts the focus on the ticket's Accept button, Enter
 * accepts it and leaves the cursor in the reply box, "/" lists the quick replies, the arrows
 * pick one and Enter inserts it (a media quick reply brings its file), Enter sends, "?" shows
 * the shortcuts and Alt+R resolves. No click anywhere.
 */
import assert from "node:assert/strict";
import type { Page } from "puppeteer-core";
import { launchBrowser } from "../helpers/browser.ts";
import { seriousViolations } from "../helpers/axe.ts";
import {
  apiWith,
  pairedSandbox,
  PNG_PIXEL,
  signedInPage,
  startTestServer,
  waitForText,
} from "../helpers/browser_server.ts";

const CUSTOMER = "5511987650077";

/** Presses Tab until the focus is on `selector` (at most 40 times). */
async function tabTo(page: Page, selector: string) {
  for (let n = 0; n < 40; n++) {
    if (await page.evaluate((sel) => document.activeElement?.matches(sel), selector)) return;
    await page.keyboard.press("Tab");
  }
  assert.fail(`Tab never reached ${selector}`);
}

const focused = (page: Page, selector: string) =>
  page.waitForFunction((sel) => document.activeElement?.matches(sel), { polling: 50 }, selector);

Deno.test("[browser] agent keyboard: accept, quick reply with arrows and Enter, send, resolve", async (t) => {
  const server = await startTestServer("keys");
  const { browser, close } = await launchBrowser();
  try {
    const errors: string[] = [];
    const token = await server.signIn();
    const api = apiWith(server.url, token);
    const connection = await pairedSandbox(api);
    await api("POST", "/api/quick-messages", {
      shortcode: "ola",
      message: "Olá! Como posso ajudar?",
      geral: true,
    });
    const pix = await api("POST", "/api/quick-messages", {
      shortcode: "pix",
      message: "Nossa chave Pix é o CNPJ, segue o QR code.",
      geral: true,
    });
    const form = new FormData();
    form.append("typeArch", "quickMessage");
    form.append("file", new File([PNG_PIXEL], "qr.png", { type: "image/png" }));
    const upload = await fetch(`${server.url}/api/quick-messages/${pix.id}/media-upload`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    assert.equal(upload.status, 200);
    await api("POST", "/api/tags", { name: "VIP", color: "#9333ea", kanban: 0 });
    await api("POST", `/api/sandbox/${connection.id}/inbound`, {
      number: CUSTOMER,
      name: "Renata",
      body: "Vocês aceitam Pix?",
    });

    const page = await signedInPage(browser, server.url, token, errors);
    page.setDefaultTimeout(20_000);
    page.setDefaultNavigationTimeout(60_000);
    await page.goto(`${server.url}/tickets`, { waitUntil: "networkidle0" });

    await t.step("the waiting list is reached with Tab, Alt+↓ focuses Accept", async () => {
      // The sub-tabs are one stop of the Tab key; the arrows move between them.
      await tabTo(page, "#ticket-sub-tab-open");
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("Enter");
      await waitForText(page, "Renata", "[data-ticket]");
      assert.deepEqual(await seriousViolations(page, ["main section"]), [], "the ticket list");
      await page.keyboard.down("Alt");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.up("Alt");
      await focused(page, "[data-ticket] [data-accept]");
    });

    await t.step("Enter accepts, and the cursor waits in the reply box", async () => {
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => /^\/tickets\/[0-9a-f-]{36}$/.test(location.pathname));
      await focused(page, "textarea[data-testid=message-input]");
      await waitForText(page, "Vocês aceitam Pix?", "[role=log]");
      assert.deepEqual(await seriousViolations(page, ["main section"]), [], "the conversation");
    });

    await t.step("'/' lists the quick replies; arrows move; Escape closes", async () => {
      await page.keyboard.type("/");
      await page.waitForSelector("#quick-reply-list [role=option]");
      const options = await page.$$eval(
        "#quick-reply-list [role=option]",
        (els) => els.map((el) => el.id),
      );
      assert.equal(options.length, 2);
      const selected = () =>
        page.$eval("#quick-reply-list [aria-selected=true]", (el) => el.textContent ?? "");
      assert.match(await selected(), /\/ola/);
      assert.deepEqual(await seriousViolations(page, ["main section"]), [], "the suggestions");
      await page.keyboard.press("ArrowDown");
      assert.match(await selected(), /\/pix/);
      await page.keyboard.press("ArrowDown");
      assert.match(await selected(), /\/ola/, "the highlight wraps around");
      assert.equal(
        await page.$eval("textarea", (el) => el.getAttribute("aria-activedescendant")),
        options[0],
      );
      await page.keyboard.press("Escape");
      await page.waitForFunction(() => !document.querySelector("#quick-reply-list"));
      assert.equal(await page.$eval("textarea", (el) => el.value), "/", "Escape keeps the text");
      await page.keyboard.press("Backspace");
    });

    await t.step("typing matches by text too; Enter inserts the reply and its file", async () => {
      await page.keyboard.type("/qr");
      await page.waitForSelector("#quick-reply-list [role=option]");
      assert.deepEqual(
        await page.$$eval("#quick-reply-list [role=option]", (els) => els.length),
        1,
      );
      await page.keyboard.press("Enter");
      await page.waitForFunction(() =>
        document.querySelector("textarea")?.value === "Nossa chave Pix é o CNPJ, segue o QR code."
      );
      await page.waitForSelector('ul[aria-label="Arquivos a enviar"] li');
      await waitForText(page, "qr.png", 'ul[aria-label="Arquivos a enviar"]');
    });

    await t.step("Shift+Enter breaks the line; Enter sends text and picture", async () => {
      await page.keyboard.down("Shift");
      await page.keyboard.press("Enter");
      await page.keyboard.up("Shift");
      await page.keyboard.type("Obrigado!");
      assert.match(await page.$eval("textarea", (el) => el.value), /QR code\.\nObrigado!$/);
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => document.querySelector("textarea")?.value === "");
      await page.waitForSelector("[role=log] img[src]", { timeout: 10_000 });
      let last = { media: null as null | Record<string, string>, body: "" };
      for (let tries = 0; tries < 100 && !last.media; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const sent = await api("GET", `/api/sandbox/${connection.id}/outbound?number=${CUSTOMER}`);
        last = sent.messages.at(-1) ?? last;
      }
      assert.equal(last.media?.mimetype, "image/png");
      assert.match(last.body, /Nossa chave Pix é o CNPJ, segue o QR code\.\nObrigado!/);
    });

    await t.step(
      "the contact panel edits in place, tags the ticket and the contact, takes a note",
      async () => {
        await page.waitForSelector("[data-testid=contact-panel] #panel-name");
        await waitForText(page, "Nenhuma outra conversa com este contato.", "#contact-panel");
        await page.focus("#panel-name");
        await page.keyboard.press("Enter");
        await page.waitForSelector("input#panel-name");
        await page.keyboard.type("Renata Lima");
        await page.keyboard.press("Enter");
        await page.waitForSelector("button#panel-name");
        await focused(page, "button#panel-name");
        await waitForText(page, "Renata Lima", "button#panel-name");
        const tickets = await api("GET", "/api/tickets?status=open&showAll=true");
        const contact = await api("GET", `/api/contacts/${tickets.tickets[0].contactId}`);
        assert.equal(contact.name, "Renata Lima");

        await page.click('#contact-panel button[aria-pressed="false"]');
        await page.waitForSelector('#contact-panel button[aria-pressed="true"]');
        await waitForText(page, "VIP", "header ul");
        const tagged = await api("GET", `/api/tickets/${tickets.tickets[0].id}`);
        assert.deepEqual(tagged.tags.map((tag: { name: string }) => tag.name), ["VIP"]);
        // The contact's own tags: a second row of the same switches, kept on the contact.
        const saved = page.waitForResponse((res) =>
          res.request().method() === "PUT" && res.url().endsWith(`/api/contacts/${contact.id}/tags`)
        );
        await page.click('[data-testid=contact-tags] button[aria-pressed="false"]');
        assert.equal((await saved).status(), 200);
        await page.waitForSelector('[data-testid=contact-tags] button[aria-pressed="true"]');
        const tags = (await api("GET", `/api/contacts/${contact.id}`)).tags;
        assert.deepEqual(tags.map((tag: { name: string }) => tag.name), ["VIP"]);

        await page.type("#panel-notes-text", "Prefere contato à tarde");
        await page.keyboard.press("Tab");
        await page.keyboard.press("Enter");
        await waitForText(page, "Prefere contato à tarde", "#contact-panel ul");
      },
    );

    await t.step("'?' outside the text box lists the shortcuts; Escape closes it", async () => {
      await page.keyboard.press("Escape");
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.type("?");
      await page.waitForSelector("dialog[open]#ticket-shortcuts");
      await waitForText(page, "Resolver o atendimento", "dialog[open]");
      await waitForText(page, "Alt", "dialog[open]");
      assert.deepEqual(await seriousViolations(page, ["dialog[open]"]), [], "the help dialog");
      await page.keyboard.press("Escape");
      await page.waitForFunction(() => !document.querySelector("dialog[open]"));
    });

    await t.step(
      "Alt+T opens the transfer dialog, which passes axe; Escape closes it",
      async () => {
        await page.keyboard.down("Alt");
        await page.keyboard.press("KeyT");
        await page.keyboard.up("Alt");
        await page.waitForSelector("dialog[open]#ticket-transfer");
        assert.deepEqual(
          await seriousViolations(page, ["dialog[open]"]),
          [],
          "the transfer dialog",
        );
        await page.keyboard.press("Escape");
        await page.waitForFunction(() => !document.querySelector("dialog[open]"));
      },
    );

    await t.step("a customer's message is announced politely", async () => {
      await api("POST", `/api/sandbox/${connection.id}/inbound`, {
        number: CUSTOMER,
        name: "Renata",
        body: "Perfeito, obrigada",
      });
      await waitForText(page, "Nova mensagem de Renata", "[data-testid=ticket-announcer]");
      assert.equal(
        await page.$eval("[data-testid=ticket-announcer]", (el) => el.getAttribute("aria-live")),
        "polite",
      );
    });

    await t.step("Alt+M goes back to the reply box and Alt+R resolves", async () => {
      await page.keyboard.down("Alt");
      await page.keyboard.press("KeyM");
      await page.keyboard.up("Alt");
      await focused(page, "textarea[data-testid=message-input]");
      await page.keyboard.down("Alt");
      await page.keyboard.press("KeyR");
      await page.keyboard.up("Alt");
      await page.waitForFunction(() => location.pathname === "/tickets");
      const tickets = await api("GET", "/api/tickets?status=closed&showAll=true");
      assert.equal(tickets.tickets[0]?.contact.name, "Renata Lima");
      assert.equal(tickets.tickets[0]?.status, "closed");
    });

    assert.deepEqual(errors, [], "no errors in the page");
  } finally {
    await close();
    await server.close();
  }
});
