import assert from "node:assert/strict";
import { join } from "node:path";
import { signal } from "@preact/signals";
import { h } from "preact";
import { Hono } from "hono";
import Counter from "../fixtures/islands/Counter.tsx";
import Total from "../fixtures/islands/Total.tsx";
import { launchBrowser } from "../helpers/browser.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { securityHeaders } from "../../lib/http/security.ts";
import { staticFiles } from "../../lib/http/static.ts";
import { buildIslands } from "../../lib/islands/build.ts";
import { type AssetManifest, registerIslands, renderPage } from "../../lib/islands/mod.ts";

registerIslands({ Counter: { default: Counter }, Total: { default: Total } });

function appFor(staticRoot: string, manifest: AssetManifest): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // The real CSP: the boot script must run under its nonce, nothing inline without it.
  app.use(securityHeaders());
  app.use("/static/*", staticFiles({ root: staticRoot }));
  app.get("/islands", (c) => {
    const count = signal(1);
    const page = h(
      "html",
      null,
      h("head", null, h("title", null, "islands")),
      h(
        "body",
        null,
        h(Counter, { count, label: "Open" }),
        h("p", null, "between"),
        h(Total, { count, factor: 10 }),
      ),
    );
    const { html, preload } = renderPage(page, { nonce: c.var.nonce, manifest });
    c.header("Link", preload.map((href) => `<${href}>; rel=modulepreload`).join(", "));
    return c.html(html);
  });
  app.get("/favicon.ico", (c) => c.body(null, 204));
  app.get("/plain", (c) => {
    const page = h("html", null, h("body", null, h("p", null, "no islands here")));
    const { html } = renderPage(page, { nonce: c.var.nonce, manifest });
    return c.html(html);
  });
  return app;
}

Deno.test("browser - two islands share a signal; a page without islands has no script", async () => {
  const staticRoot = await Deno.makeTempDir({ prefix: "islands-static-" });
  const built = await buildIslands({
    islandsDir: "tests/fixtures/islands",
    outDir: join(staticRoot, "build"),
  });
  const manifest = { css: "", ...built };
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    appFor(staticRoot, manifest).fetch,
  );
  const base = `http://127.0.0.1:${server.addr.port}`;
  const chromium = await launchBrowser();
  try {
    const page = await chromium.browser.newPage();
    const problems: string[] = [];
    page.on("pageerror", (err) => problems.push(String(err)));
    page.on("console", (msg) => {
      if (msg.type() === "error") problems.push(msg.text());
    });

    await page.goto(`${base}/islands`, { waitUntil: "load" });
    // Module scripts ran before `load`; one more task lets each island's render task run.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const serverButton = await page.$("button.counter");
    await page.click("button.counter");
    await page.waitForFunction(() =>
      document.querySelector("output.total")?.textContent === "total 20"
    );
    assert.equal(await page.$eval("button.counter", (b) => b.textContent), "Open: 2");
    assert.ok(
      await page.evaluate((b, now) => b === now, serverButton, await page.$("button.counter")),
      "the server's button was reused",
    );
    assert.deepEqual(problems, []);

    const plain = await fetch(`${base}/plain`);
    const plainHtml = await plain.text();
    assert.ok(!plainHtml.includes("<script"), "no script in the markup");
    await page.goto(`${base}/plain`, { waitUntil: "load" });
    assert.equal(await page.$$eval("script", (s) => s.length), 0);
    assert.equal(await page.$eval("p", (p) => p.textContent), "no islands here");
  } finally {
    await chromium.close();
    await server.shutdown();
    await Deno.remove(staticRoot, { recursive: true });
  }
});
