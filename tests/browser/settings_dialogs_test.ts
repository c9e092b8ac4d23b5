/**
 * In Chromium against a real server: the Settings Options tab saves a change as it is made
 * (a reload shows it), an ISP credential comes back only as its mask, and the connection
 * dialog on short screens (1280×600 and 360×640) keeps its title and Save button in view
 * and shows a refused save where the user sees it (#23 item 7).
 */
import assert from "node:assert/strict";
import { inViewport, launchBrowser } from "../helpers/browser.ts";
import { apiWith, signedInPage, startTestServer } from "../helpers/browser_server.ts";

Deno.test("[browser] settings: options saved on change; connection dialog on short screens", async (t) => {
  const server = await startTestServer("settings");
  const { browser, close } = await launchBrowser();
  try {
    const token = await server.signIn();
    const api = apiWith(server.url, token);
    const errors: string[] = [];
    const page = await signedInPage(browser, server.url, token, errors);

    await t.step("an option is saved as it changes, and a reload shows it", async () => {
      await page.goto(`${server.url}/settings`, { waitUntil: "networkidle0" });
      await page.select("#setting-userRating", "enabled");
      await page.waitForFunction(() =>
        document.body.textContent?.includes("Operação atualizada com sucesso.")
      );
      await page.reload({ waitUntil: "networkidle0" });
      assert.equal(
        await page.$eval("#setting-userRating", (s) => (s as HTMLSelectElement).value),
        "enabled",
      );
      const stored = await api("GET", "/api/settings");
      assert.equal(
        stored.find((s: { key: string }) => s.key === "userRating").value,
        "enabled",
      );
    });

    await t.step("an ISP credential is saved on change and only its mask comes back", async () => {
      const secret = "$aact_browser_test_key_1234";
      await page.type("#setting-asaas", secret);
      await page.keyboard.press("Tab");
      await page.waitForFunction(() =>
        (document.querySelector("#setting-asaas") as HTMLInputElement).placeholder.endsWith("1234")
      );
      await page.reload({ waitUntil: "networkidle0" });
      const box = await page.$eval("#setting-asaas", (input) => ({
        value: (input as HTMLInputElement).value,
        placeholder: (input as HTMLInputElement).placeholder,
      }));
      assert.deepEqual(box, { value: "", placeholder: "••••••••1234" });
      assert.ok(!(await page.content()).includes(secret), "the page never holds the secret");
    });

    for (const [width, height] of [[1280, 600], [360, 640]] as const) {
      await t.step(
        `connection dialog at ${width}×${height}: Save and the error in view`,
        async () => {
          await page.setViewport({ width, height });
          await page.goto(`${server.url}/connections`, { waitUntil: "networkidle0" });
          await page.$$eval(
            "main button",
            (buttons) => buttons.find((b) => b.textContent?.trim() === "Nova conexão")!.click(),
          );
          await page.waitForSelector("dialog[open] #connection-name");
          const save = "dialog[open] footer button[type=submit]";
          // Scrolled to the end of a long form, the header and the buttons are still there.
          await page.$eval("dialog[open] form", (form) => form.lastElementChild!.scrollIntoView());
          assert.ok(await inViewport(page, save), "Save is in view");
          assert.ok(await inViewport(page, "dialog[open] header h2"), "the title is in view");
          // No name: the server refuses the save.
          await page.click(save);
          await page.waitForSelector("dialog[open] [role=alert]");
          assert.ok(await inViewport(page, "dialog[open] [role=alert]"), "the error is in view");
          assert.ok(await inViewport(page, save), "Save is still in view");
          // The wrong field is brought back into view, scrolled away as it was.
          await page.waitForFunction(() => {
            const box = document.querySelector("#connection-name")!.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= innerHeight;
          });
          await page.keyboard.press("Escape");
          await page.waitForFunction(() => !document.querySelector("dialog[open]"));
        },
      );
    }
    assert.deepEqual(errors, [], "no errors in the page");
  } finally {
    await close();
    await server.close();
  }
});
