/**
 * A blocked company pays its way back in Chromium: its admin signs in and lands on
 * /financeiro, goes through the checkout wizard (Data, Customize, Review, Pix), the fake Efí
 * provider's webhook confirms the payment, the wizard shows the new due date and 4 s later
 * the app opens at "/", unblocked. Screenshots of every step go to BILLING_SHOTS if set.
 */
import assert from "node:assert/strict";
import type { Page } from "puppeteer-core";
import { sql } from "../../lib/db/mod.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { apiWith, clickButton, startTestServer } from "../helpers/browser_server.ts";
import { FAKE_EFI_CLIENT, startFakeEfi } from "../helpers/fake_efi.ts";
import { generateDueInvoices } from "../../services/billing/invoices.ts";

const SECRET = "browser-billing-webhook-secret-0";
const fixture = (name: string) => new URL(`../fixtures/pix/${name}`, import.meta.url).pathname;
const shotsDir = Deno.env.get("BILLING_SHOTS");

async function shot(page: Page, name: string) {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

Deno.test("[browser] billing: a blocked admin pays by Pix and the app unblocks", async (t) => {
  const efi = await startFakeEfi();
  const server = await startTestServer("billing", {
    PIX_PROVIDER: "efi",
    PIX_KEY: "pix@balcao.example",
    PIX_WEBHOOK_SECRET: SECRET,
    EFI_BASE_URL: efi.url,
    EFI_CLIENT_ID: FAKE_EFI_CLIENT.id,
    EFI_CLIENT_SECRET: FAKE_EFI_CLIENT.secret,
    EFI_CERT_FILE: fixture("client.pem"),
    EFI_KEY_FILE: fixture("client.key"),
    EFI_CA_FILE: fixture("ca.pem"),
  });
  const { browser, close } = await launchBrowser();
  try {
    const api = apiWith(server.url, await server.signIn());
    const plan = await api("POST", "/api/plans", { name: "Essencial", value: 89.9, users: 3 });
    const company = await api("POST", "/api/companies", {
      name: "Padaria Pão Quente",
      email: "dono@padaria.example",
      planId: plan.id,
      password: "Padaria-2026",
    });
    // Due two days ago: blocked. The hourly sweep makes its invoice (run here at once).
    await server.db.run(sql`update companies set due_date = current_date - 2
      where id = ${company.id}`);
    await generateDueInvoices(server.db, new Date());

    const errors: string[] = [];
    const page = await browser.newPage();
    page.on("pageerror", (err) => errors.push(String(err)));
    await page.setViewport({ width: 1280, height: 860 });
    await page.setCookie({ name: "lang", value: "pt-BR", url: server.url });

    await t.step("signing in lands on /financeiro, with the invoice overdue", async () => {
      await page.goto(`${server.url}/login`, { waitUntil: "networkidle0" });
      await page.type("#login-email", "dono@padaria.example");
      await page.type("#login-password", "Padaria-2026");
      await Promise.all([
        page.waitForNavigation({ waitUntil: "networkidle0" }),
        page.keyboard.press("Enter"),
      ]);
      assert.equal(new URL(page.url()).pathname, "/financeiro");
      const text = await page.$eval("main", (main) => main.textContent ?? "");
      assert.match(text, /A assinatura venceu em/);
      assert.match(text, /Vencido/);
      assert.match(text, /R\$ 89,90/);
      // Any other page leads back here while the company is blocked.
      await page.goto(`${server.url}/tickets`, { waitUntil: "networkidle0" });
      assert.equal(new URL(page.url()).pathname, "/financeiro");
      await shot(page, "1-financeiro-blocked");
    });

    await t.step("the wizard: Data, Customize, Review", async () => {
      await page.click('[data-testid="pay-invoice"]');
      await page.waitForSelector("dialog[open] #checkout-firstName");
      await clickButton(page, "dialog[open]", "Próximo");
      const refused = await page.$eval("dialog[open]", (d) => d.textContent ?? "");
      assert.match(refused, /O nome completo é obrigatório/);
      await shot(page, "2-checkout-data-errors");
      await page.type("#checkout-firstName", "Maria da Silva");
      await page.type("#checkout-address", "Rua das Flores, 10");
      await page.type("#checkout-city", "Recife");
      await page.type("#checkout-zipcode", "50000-000");
      await shot(page, "3-checkout-data");
      await clickButton(page, "dialog[open]", "Próximo");
      await page.waitForSelector('[data-testid="checkout-plan"]');
      await shot(page, "4-checkout-customize");
      await page.click('[data-testid="checkout-plan"]');
      await page.waitForSelector('[data-testid="checkout-pay"]');
      const review = await page.$eval("dialog[open]", (d) => d.textContent ?? "");
      assert.match(review, /R\$ 89,90/);
      assert.match(review, /Maria da Silva/);
      await shot(page, "5-checkout-review");
    });

    let txid = "";
    await t.step("PAGAR shows the Pix QR code of a charge for the invoice's amount", async () => {
      await page.click('[data-testid="checkout-pay"]');
      await page.waitForSelector('[data-testid="pix-qr"]');
      const copyPaste = await page.$eval(
        '[data-testid="pix-copy-paste"]',
        (input) => (input as HTMLInputElement).value,
      );
      assert.match(copyPaste, /^000201/);
      const [charged] = [...efi.charges.entries()];
      assert.ok(charged);
      txid = charged[0];
      assert.deepEqual(charged[1].valor, { original: "89.90" });
      await shot(page, "6-checkout-pix");
    });

    await t.step("the provider's webhook confirms; the app unblocks", async () => {
      const endToEndId = efi.pay(txid, "89.90");
      const hook = await fetch(`${server.url}/api/subscription/webhook/${SECRET}/pix`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ pix: [{ endToEndId, txid, valor: "89.90" }] }),
      });
      assert.equal(hook.status, 200);
      await hook.body?.cancel();
      await page.waitForSelector('[data-testid="checkout-renewed"]', { timeout: 10_000 });
      const renewed = await page.$eval('[data-testid="checkout-renewed"]', (p) => p.textContent);
      assert.match(renewed ?? "", /Licença renovada até \d{2}\/\d{2}\/\d{4}/);
      await shot(page, "7-checkout-renewed");
      // 4 s later the app opens at "/", no longer sent back to /financeiro.
      await page.waitForNavigation({ waitUntil: "networkidle0", timeout: 10_000 });
      assert.equal(new URL(page.url()).pathname, "/");
      await page.goto(`${server.url}/tickets`, { waitUntil: "networkidle0" });
      assert.equal(new URL(page.url()).pathname, "/tickets");
      await page.goto(`${server.url}/subscription`, { waitUntil: "networkidle0" });
      const text = await page.$eval("main", (main) => main.textContent ?? "");
      assert.match(text, /Essencial/);
      assert.match(text, /Pago/);
      await shot(page, "8-subscription");
    });

    if (shotsDir) {
      await t.step("screenshots: a 360 px phone, dark", async () => {
        await page.setCookie({ name: "theme", value: "dark", url: server.url });
        await page.setViewport({ width: 360, height: 740 });
        for (const path of ["/financeiro", "/subscription"]) {
          await page.goto(`${server.url}${path}`, { waitUntil: "networkidle0" });
          await shot(page, `9-phone-dark${path.replace("/", "-")}`);
        }
      });
    }
    assert.deepEqual(errors, []);
  } finally {
    await close();
    await server.close();
    await efi.close();
  }
});
