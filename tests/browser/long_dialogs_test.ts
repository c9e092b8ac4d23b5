/**
 * In Chromium against a real server (#23 items 7 and 10): every long form dialog (user,
 * campaign, prompt, schedule, contact; the connection and queue dialogs have their own
 * tests) on short screens, 1280×600 and 360×640, scrolls its body while the title and Save
 * stay in view, and a refused save is shown where the user sees it, its first wrong field
 * brought into view. The same visit runs
 * axe-core on the app shell and its menu, the contacts page and each dialog (the quick
 * reply and tag dialogs too): no serious or critical violation.
 */
import assert from "node:assert/strict";
import type { Page } from "puppeteer-core";
import { seriousViolations } from "../helpers/axe.ts";
import { comesIntoView, inViewport, launchBrowser } from "../helpers/browser.ts";
import { signedInPage, startTestServer } from "../helpers/browser_server.ts";

/** Each page with its add button's text and the dialog it opens; `refusal`: an empty save is
 * refused inside the dialog. */
const LONG_DIALOGS = [
  { path: "/users", button: "Adicionar usuário", dialog: "user", refusal: true },
  { path: "/campaigns", button: "Nova campanha", dialog: "campaign", refusal: true },
  { path: "/prompts", button: "Novo prompt", dialog: "prompt", refusal: true },
  { path: "/schedules", button: "Novo agendamento", dialog: "schedule", refusal: true },
  { path: "/contacts", button: "Novo contato", dialog: "contact", refusal: true },
];
const SHORT_DIALOGS = [
  { path: "/quick-messages", button: "Nova resposta", dialog: "quick reply" },
  { path: "/tags", button: "Nova tag", dialog: "tag" },
];

async function openAddDialog(page: Page, url: string, button: string) {
  await page.goto(url, { waitUntil: "networkidle0" });
  // A script click: at phone width the sticky top bar may cover the header's button.
  const found = await page.$$eval(
    "main button",
    (buttons, text) => {
      const match = buttons.find((b) => b.textContent?.trim().startsWith(text as string));
      match?.click();
      return Boolean(match);
    },
    button,
  );
  assert.ok(found, `the "${button}" button of ${url}`);
  await page.waitForSelector("dialog[open] footer button[type=submit]");
}

Deno.test("[browser] long dialogs keep title, Save and errors in view; axe finds nothing serious", async (t) => {
  const server = await startTestServer("dialogs");
  const { browser, close } = await launchBrowser();
  try {
    const token = await server.signIn();
    const errors: string[] = [];
    const page = await signedInPage(browser, server.url, token, errors);
    page.setDefaultTimeout(15_000);

    await t.step("axe: the app shell and its menu, and the contacts page", async () => {
      await page.goto(`${server.url}/contacts`, { waitUntil: "networkidle0" });
      assert.deepEqual(await seriousViolations(page), [], "the contacts page in its shell");
      await page.setViewport({ width: 360, height: 640 });
      await page.reload({ waitUntil: "networkidle0" });
      await page.click("[data-drawer-toggle]");
      await page.waitForSelector("nav a[href='/contacts']", { visible: true });
      assert.deepEqual(await seriousViolations(page), [], "the phone's open menu");
    });

    for (const [width, height] of [[1280, 600], [360, 640]] as const) {
      for (const { path, button, dialog, refusal } of LONG_DIALOGS) {
        await t.step(`${dialog} dialog at ${width}×${height}`, async () => {
          await page.setViewport({ width, height });
          await openAddDialog(page, `${server.url}${path}`, button);
          const save = "dialog[open] footer button[type=submit]";
          await page.$eval("dialog[open] form", (form) => form.lastElementChild!.scrollIntoView());
          assert.ok(await inViewport(page, save), "Save is in view");
          assert.ok(await inViewport(page, "dialog[open] header h2"), "the title is in view");
          if (width === 1280) {
            assert.deepEqual(await seriousViolations(page, ["dialog[open]"]), [], dialog);
          }
          if (refusal) {
            // Nothing filled in: the save is refused (past the browser's own required-field
            // bubble, so the dialog's answer is what is checked).
            await page.$eval("dialog[open] form", (form) => {
              (form as HTMLFormElement).noValidate = true;
            });
            await page.click(save);
            await page.waitForSelector("dialog[open] [role=alert]");
            assert.ok(await inViewport(page, "dialog[open] [role=alert]"), "the error is in view");
            assert.ok(await inViewport(page, save), "Save is still in view");
            assert.ok(
              await comesIntoView(page, "dialog[open] [aria-invalid=true]"),
              "the first wrong field is brought into view",
            );
          }
          await page.keyboard.press("Escape");
          await page.waitForFunction(() => !document.querySelector("dialog[open]"));
        });
      }
    }

    for (const { path, button, dialog } of SHORT_DIALOGS) {
      await t.step(`axe: the ${dialog} dialog`, async () => {
        await page.setViewport({ width: 1280, height: 800 });
        await openAddDialog(page, `${server.url}${path}`, button);
        assert.deepEqual(await seriousViolations(page, ["dialog[open]"]), [], dialog);
        await page.keyboard.press("Escape");
      });
    }
    assert.deepEqual(errors, [], "no errors in the page");
  } finally {
    await close();
    await server.close();
  }
});
