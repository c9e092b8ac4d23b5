/**
 * The public pages in Chromium against a real `startServer` with a local SMTP server: a
 * company signs up through /signup, its admin signs in through /login and lands on "/",
 * then resets the password through /forgetpsw with the code read from the e-mail.
 */
import assert from "node:assert/strict";
import type { Page } from "puppeteer-core";
import { startServer } from "../../main.ts";
import { loadConfig } from "../../lib/config.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { startTestSmtpServer } from "../helpers/smtp_server.ts";

const EMAIL = "dona@padaria-central.example";

async function waitForText(page: Page, text: string) {
  await page.waitForFunction(
    (wanted: string) => document.body.innerText.includes(wanted),
    { timeout: 10_000 },
    text,
  );
}

/** Empties a field the way a person would, so the island sees the change. */
async function clear(page: Page, selector: string) {
  await page.focus(selector);
  await page.keyboard.down("Control");
  await page.keyboard.press("a");
  await page.keyboard.up("Control");
  await page.keyboard.press("Backspace");
}

async function submitAndNavigate(page: Page) {
  await Promise.all([
    page.waitForNavigation({ waitUntil: "networkidle0" }),
    page.keyboard.press("Enter"),
  ]);
}

Deno.test("[browser] sign up, sign in, and reset the password through the public pages", async (t) => {
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-public-" });
  const smtp = await startTestSmtpServer();
  const originalLog = console.log;
  console.log = () => {};
  const server = await startServer(loadConfig({
    PORT: "0",
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  }));
  console.log = originalLog;
  const { browser, close } = await launchBrowser();
  const host = new URL(server.url).hostname;
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(String(err)));
    await browser.setCookie({ name: "lang", value: "pt-BR", domain: host, path: "/" });

    await t.step("/signup: field messages, the phone mask, then a new company", async () => {
      await page.goto(`${server.url}/signup`, { waitUntil: "networkidle0" });
      await page.click("button[type=submit]");
      await waitForText(page, "Obrigatório");
      // The first field in error has the focus, and its message is tied to it.
      assert.equal(await page.evaluate(() => document.activeElement?.id), "signup-name");
      assert.equal(
        await page.$eval("#signup-name", (el) => el.getAttribute("aria-invalid")),
        "true",
      );
      await page.type("#signup-name", "Padaria Central");
      await page.type("#signup-email", EMAIL);
      await page.type("#signup-phone", "11912345678");
      assert.equal(
        await page.$eval("#signup-phone", (el) => (el as HTMLInputElement).value),
        "(11) 91234-5678",
      );
      await page.type("#signup-password", "abc");
      await page.click("button[type=submit]");
      await waitForText(page, "Muito curto! Mínimo de 5 caracteres.");
      await page.type("#signup-password", "de1");
      // The only plan is chosen already; Enter in a field submits the form.
      assert.equal(
        await page.$eval("#signup-plan", (el) => (el as HTMLInputElement).checked),
        true,
      );
      await submitAndNavigate(page);
      assert.equal(new URL(page.url()).pathname, "/login");
      await waitForText(page, "Cadastro realizado com sucesso!");
      assert.equal(await page.$eval("#login-email", (el) => (el as HTMLInputElement).value), EMAIL);
    });

    await t.step("/login: a wrong password, then the right one lands on /", async () => {
      await page.focus("#login-password");
      await page.keyboard.type("wrong-pass");
      await page.keyboard.press("Enter");
      await waitForText(page, "E-mail ou senha incorretos.");
      await clear(page, "#login-password");
      await page.type("#login-password", "abcde1");
      await submitAndNavigate(page);
      assert.equal(new URL(page.url()).pathname, "/");
    });

    await t.step("signed in, the public pages send the visitor to /", async () => {
      for (const path of ["/login", "/signup", "/forgetpsw"]) {
        await page.goto(`${server.url}${path}`, { waitUntil: "networkidle0" });
        assert.equal(new URL(page.url()).pathname, "/", path);
      }
    });

    await t.step("/forgetpsw: the code from the e-mail sets a new password", async () => {
      const context = await browser.createBrowserContext();
      try {
        await context.setCookie({ name: "lang", value: "pt-BR", domain: host, path: "/" });
        const reset = await context.newPage();
        reset.on("pageerror", (err) => errors.push(String(err)));
        await reset.goto(`${server.url}/forgetpsw`, { waitUntil: "networkidle0" });
        await reset.type("#forgot-email", EMAIL.toUpperCase());
        await reset.keyboard.press("Enter");
        await waitForText(reset, "Se houver uma conta com este e-mail");
        await reset.waitForSelector("#forgot-code");

        const deadline = Date.now() + 10_000;
        while (smtp.received.length === 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const match = /: (\d{4} \d{4})\r?$/m.exec(smtp.received[0]?.raw ?? "");
        assert.ok(match, "the code arrived by e-mail");

        await reset.type("#forgot-code", match[1]!);
        await reset.type("#forgot-password", "NovaSenha1");
        await reset.type("#forgot-confirm", "NovaSenha2");
        await reset.keyboard.press("Enter");
        await waitForText(reset, "As senhas não correspondem");
        await clear(reset, "#forgot-password");
        await clear(reset, "#forgot-confirm");
        await reset.type("#forgot-password", "fraca");
        await reset.type("#forgot-confirm", "fraca");
        await reset.keyboard.press("Enter");
        await waitForText(reset, "Sua senha precisa ter no mínimo 8 caracteres");
        assert.equal(smtp.received.length, 1);

        await clear(reset, "#forgot-password");
        await clear(reset, "#forgot-confirm");
        await reset.type("#forgot-password", "NovaSenha1");
        await reset.type("#forgot-confirm", "NovaSenha1");
        await submitAndNavigate(reset);
        assert.equal(new URL(reset.url()).pathname, "/login");
        await waitForText(reset, "Senha redefinida com sucesso.");

        await reset.type("#login-password", "NovaSenha1");
        await submitAndNavigate(reset);
        assert.equal(new URL(reset.url()).pathname, "/");
      } finally {
        await context.close();
      }
    });

    await t.step("at 360 px wide nothing overflows sideways", async () => {
      const context = await browser.createBrowserContext();
      try {
        const narrow = await context.newPage();
        await narrow.setViewport({ width: 360, height: 740 });
        for (const path of ["/login", "/signup", "/forgetpsw", "/forgetpsw?email=a%40b.co"]) {
          await narrow.goto(`${server.url}${path}`, { waitUntil: "networkidle0" });
          const overflow = await narrow.evaluate(() =>
            document.documentElement.scrollWidth - document.documentElement.clientWidth
          );
          assert.equal(overflow, 0, path);
        }
      } finally {
        await context.close();
      }
    });

    assert.deepEqual(errors, [], "no errors in the pages");
  } finally {
    await close();
    await server.shutdown();
    await smtp.close();
    await Deno.remove(dataDir, { recursive: true });
  }
});
