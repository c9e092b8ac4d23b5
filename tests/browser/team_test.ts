/**
 * The team's areas in Chromium against a real server: two users chatting from two browser
 * contexts with unread badges, an announcement reaching another company's bell live, and a
 * kanban card moved on one board (keyboard, menu, a finger on its grip) moving on the other
 * viewer's.
 */
import assert from "node:assert/strict";
import type { Page } from "puppeteer-core";
import { sql } from "../../lib/db/mod.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { apiWith, signedInPage, startTestServer } from "../helpers/browser_server.ts";

/** The number on the top bar's badge of `control`, or 0 without one. */
function badge(page: Page, control: string): Promise<number> {
  return page.$eval(`[aria-controls="${control}"]`, (button) => {
    const count = button.querySelector("span.absolute:not([data-unread-dot])");
    const dot = button.querySelector("[data-unread-dot]");
    return count ? Number(count.textContent) : dot ? 1 : 0;
  });
}

Deno.test("[browser] internal chat, announcements and kanban between users and companies", async (t) => {
  const server = await startTestServer("team");
  const { browser, close } = await launchBrowser();
  try {
    const errors: string[] = [];
    const rootToken = await server.signIn();
    const asRoot = apiWith(server.url, rootToken);
    const bia = await asRoot("POST", "/api/users", {
      name: "Bia Lima",
      email: "bia@example.com",
      password: "Senha-forte-1",
      profile: "user",
    });
    const plans = await asRoot("GET", "/api/plans/list");
    await asRoot("POST", "/api/companies", {
      name: "Padaria Pão Quente",
      email: "dono@padaria.example",
      planId: plans[0].id,
      password: "Senha-forte-2",
    });
    const root = await signedInPage(browser, server.url, rootToken, errors);
    const biaContext = await browser.createBrowserContext();
    const biaPage = await signedInPage(
      biaContext,
      server.url,
      await server.signIn("bia@example.com", "Senha-forte-1"),
      errors,
    );
    const bakerContext = await browser.createBrowserContext();
    const baker = await signedInPage(
      bakerContext,
      server.url,
      await server.signIn("dono@padaria.example", "Senha-forte-2"),
      errors,
    );

    await t.step("the owner starts a chat with Bia from the dialog", async () => {
      await root.goto(`${server.url}/chats`, { waitUntil: "networkidle0" });
      await biaPage.goto(`${server.url}/chats`, { waitUntil: "networkidle0" });
      await root.click("[data-new-chat]");
      await root.waitForSelector("dialog[open] #chat-title");
      await root.type("dialog[open] #chat-title", "Plantão");
      await root.click("dialog[open] input[type=checkbox]");
      await root.click("dialog[open] button[type=submit]:not([aria-label])");
      await root.waitForFunction(() => !document.querySelector("dialog[open]"));
      // Bia's list gets it live.
      await biaPage.waitForFunction(() =>
        document.querySelector("[data-chat-list]")?.textContent?.includes("Plantão")
      );
    });

    await t.step("Enter sends; a blank message is not sent", async () => {
      await root.waitForSelector("#chat-input");
      await root.type("#chat-input", "   ");
      await root.keyboard.press("Enter");
      await root.type("#chat-input", "Bom dia, Bia!");
      await root.keyboard.press("Enter");
      await root.waitForFunction(() =>
        document.querySelectorAll("[data-chat-message]").length === 1
      );
      assert.equal(await root.$eval("#chat-input", (el) => (el as HTMLTextAreaElement).value), "");
    });

    await t.step(
      "Bia sees the unread badge in her list and the top bar, then reads it",
      async () => {
        await biaPage.waitForSelector("[data-chat-unread='1']");
        await biaPage.waitForFunction(() =>
          document.querySelector('[aria-controls="shell-chats"] [data-unread-dot]') !== null
        );
        assert.equal(await badge(biaPage, "shell-chats"), 1);
        await biaPage.click("[data-chat]");
        await biaPage.waitForSelector("[data-chat-message]");
        assert.match(
          await biaPage.$eval("[data-chat-messages]", (el) => el.textContent ?? ""),
          /Bom dia, Bia!/,
        );
        await biaPage.waitForFunction(() => !document.querySelector("[data-chat-unread]"));
        await biaPage.waitForFunction(() =>
          document.querySelector('[aria-controls="shell-chats"] [data-unread-dot]') === null
        );
        await biaPage.type("#chat-input", "Bom dia! Já estou aqui.");
        await biaPage.keyboard.press("Enter");
        await root.waitForFunction(() =>
          document.querySelectorAll("[data-chat-message]").length === 2
        );
      },
    );

    await t.step("an announcement appears in another company's bell, unread", async () => {
      await baker.goto(`${server.url}/tickets`, { waitUntil: "networkidle0" });
      assert.equal(await badge(baker, "shell-announcements"), 0);
      await root.goto(`${server.url}/announcements`, { waitUntil: "networkidle0" });
      await root.click("main .sm\\:justify-between > button");
      await root.waitForSelector("dialog[open] #announcement-title");
      await root.type("dialog[open] #announcement-title", "Manutenção hoje às 22h");
      await root.type(
        "dialog[open] #announcement-text",
        "O sistema ficará fora do ar por 10 minutos.",
      );
      await root.select("dialog[open] #announcement-priority", "1");
      await root.click("dialog[open] button[type=submit]:not([aria-label])");
      await root.waitForFunction(() => !document.querySelector("dialog[open]"));
      await baker.waitForFunction(() =>
        document.querySelector('[aria-controls="shell-announcements"] span.absolute')
          ?.textContent === "1"
      );
      await baker.click('[aria-controls="shell-announcements"]');
      await baker.waitForSelector("#shell-announcements [data-announcement]");
      assert.match(
        await baker.$eval("#shell-announcements", (el) => el.textContent ?? ""),
        /Manutenção hoje às 22h/,
      );
      // Opened: read, for this user only.
      assert.equal(await badge(baker, "shell-announcements"), 0);
      await baker.reload({ waitUntil: "networkidle0" });
      assert.equal(await badge(baker, "shell-announcements"), 0);
      await biaPage.reload({ waitUntil: "networkidle0" });
      await biaPage.waitForFunction(() =>
        document.querySelector('[aria-controls="shell-announcements"] span.absolute')
          ?.textContent === "1"
      );
    });

    await t.step("a card moved on one board moves on the other viewer's board", async () => {
      const db = server.db;
      const queue = (await db.one<{ id: number }>(sql`insert into queues (company_id, name, color)
        values (1, 'Vendas', '#0ea5e9') returning id`)).id;
      await db.run(sql`insert into user_queues (user_id, queue_id)
        values (1, ${queue}), (${bia.id}, ${queue})`);
      const lane =
        (await db.one<{ id: number }>(sql`insert into tags (company_id, name, color, kanban)
        values (1, 'Negociação', '#f59e0b', 1) returning id`)).id;
      const contact =
        (await db.one<{ id: number }>(sql`insert into contacts (company_id, name, number)
        values (1, 'Marina Costa', '5511911110001') returning id`)).id;
      const ticket = (await db.one<{ id: number }>(sql`insert into tickets
        (company_id, contact_id, queue_id, status, last_message)
        values (1, ${contact}, ${queue}, 'open', 'Vocês entregam no sábado?') returning id`)).id;
      await root.goto(`${server.url}/kanban`, { waitUntil: "networkidle0" });
      await biaPage.goto(`${server.url}/kanban`, { waitUntil: "networkidle0" });
      const card = `[data-kanban-card="${ticket}"]`;
      await biaPage.waitForSelector(`[data-lane="0"] ${card}`);
      // The keyboard: the card in focus, → moves it one lane to the right.
      await root.focus(card);
      await root.keyboard.press("ArrowRight");
      await root.waitForSelector(`[data-lane="${lane}"] ${card}`);
      await biaPage.waitForSelector(`[data-lane="${lane}"] ${card}`);
      // The menu (phones): back to "Em aberto".
      await biaPage.select(`${card} select`, "0");
      await root.waitForSelector(`[data-lane="0"] ${card}`);
      // A finger: hold the card's grip, slide it over the other lane, lift.
      await biaPage.waitForSelector(`[data-lane="0"] ${card}`);
      const grip = await biaPage.$eval(`${card} [data-kanban-grip]`, (el) => {
        const box = el.getBoundingClientRect();
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      });
      const target = await biaPage.$eval(`[data-lane="${lane}"]`, (el) => {
        const box = el.getBoundingClientRect();
        return { x: box.x + box.width / 2, y: box.y + 80 };
      });
      await biaPage.touchscreen.touchStart(grip.x, grip.y);
      await biaPage.touchscreen.touchMove((grip.x + target.x) / 2, target.y);
      await biaPage.touchscreen.touchMove(target.x, target.y);
      await biaPage.touchscreen.touchEnd();
      await biaPage.waitForSelector(`[data-lane="${lane}"] ${card}`);
      await root.waitForSelector(`[data-lane="${lane}"] ${card}`);
    });

    assert.deepEqual(errors, []);
    assert.ok(bia.id > 0);
  } finally {
    await close();
    await server.close();
  }
});
