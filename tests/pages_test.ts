/** The HTML pages through `app.request()`: language, theme, status and the 404 page. */
import assert from "node:assert/strict";
import { createApp } from "../main.ts";
import { loadConfig } from "../lib/config.ts";
import { VERSION } from "../lib/version.ts";
import { openTestDb } from "./helpers/db.ts";
import { testJwtKey } from "./helpers/app.ts";

const testDb = await openTestDb();
const app = createApp({ db: testDb.db, config: loadConfig({}), jwtKey: testJwtKey() });

function get(path: string, headers: Record<string, string> = {}) {
  return app.request(path, { headers });
}

Deno.test("pages", async (t) => {
  try {
    await t.step("/ answers HTML in Portuguese by default, light theme", async () => {
      const res = await get("/");
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /text\/html/);
      const html = await res.text();
      assert.match(html, /^<!doctype html><html lang="pt-BR">/i);
      // The header's theme and language controls are islands: the page boots them.
      assert.match(html, /<!--isl:ThemeToggle:\d+-->/);
      const nonce = /'nonce-([0-9a-f]+)'/.exec(res.headers.get("content-security-policy") ?? "")
        ?.[1];
      assert.match(html, new RegExp(`<script type="module" nonce="${nonce}">`));
      assert.match(html, /<title>Bem-vindo ao Balcão<\/title>/);
      assert.match(html, /<h1[^>]*>Bem-vindo ao Balcão<\/h1>/);
      assert.doesNotMatch(html, /<html[^>]*class="dark"/);
      assert.match(html, /<link rel="stylesheet" href="\/static\/build\/[^"]+\.css"/);
      assert.match(html, /<link rel="icon" href="\/static\/favicon.svg"/);
      assert.match(res.headers.get("vary") ?? "", /Cookie/);
    });

    await t.step(
      "/ shows the installation status: version, embedded database, healthy",
      async () => {
        const html = await (await get("/")).text();
        assert.ok(html.includes(`v${VERSION}`));
        assert.ok(html.includes(testDb.url ? "Servidor Postgres" : "Embutido (PGlite)"));
        assert.match(html, /data-health="ok"/);
        assert.ok(html.includes("Funcionando"));
      },
    );

    await t.step("the lang cookie switches to English, the theme cookie to dark", async () => {
      const html = await (await get("/", { Cookie: "lang=en; theme=dark" })).text();
      assert.match(html, /<html lang="en" class="dark">/);
      assert.match(html, /<title>Welcome to Balcão<\/title>/);
      assert.ok(html.includes("Switch to light theme"));
    });

    await t.step("Accept-Language is used when there is no cookie", async () => {
      const html = await (await get("/", { "Accept-Language": "es-AR,es;q=0.9" })).text();
      assert.match(html, /<html lang="es">/);
      assert.match(html, /<title>Bienvenido a Balcão<\/title>/);
    });

    await t.step(
      "the sample tabs switch by link; the closed tab shows the empty state",
      async () => {
        const html = await (await get("/?tab=closed")).text();
        assert.match(
          html,
          /id="sample-tab-closed"[^>]*aria-selected="true"|aria-selected="true"[^>]*id="sample-tab-closed"/,
        );
        assert.ok(html.includes("Nenhum atendimento por aqui"));
        const unknown = await (await get("/?tab=<script>")).text();
        assert.ok(unknown.includes("Ana Ribeiro"));
      },
    );

    await t.step("an unknown page answers 404 HTML with no script at all", async () => {
      const res = await get("/no/such/page", { Cookie: "lang=en" });
      assert.equal(res.status, 404);
      assert.match(res.headers.get("content-type") ?? "", /text\/html/);
      const html = await res.text();
      assert.match(html, /<title>Page not found · Balcão<\/title>/);
      assert.match(html, /href="\/"/);
      assert.doesNotMatch(html, /<script/i);
    });

    await t.step("unknown API paths stay JSON", async () => {
      const res = await get("/api/no-such-endpoint");
      assert.equal(res.status, 404);
      assert.deepEqual(await res.json(), { error: "ERR_NOT_FOUND" });
    });

    await t.step("static files are served, and nothing outside static/", async () => {
      const logo = await get("/static/logo.svg");
      assert.equal(logo.status, 200);
      assert.equal(logo.headers.get("content-type"), "image/svg+xml");
      assert.match(await logo.text(), /<svg/);
      const escape = await get("/static/..%2Fdeno.json");
      assert.equal(escape.status, 404);
      await escape.body?.cancel();
    });
    await t.step(
      "a database that does not answer shows as unavailable, not as a crash",
      async () => {
        const broken = Object.create(testDb.db, {
          query: { value: () => Promise.reject(new Error("connection refused")) },
        });
        const quietError = console.error;
        console.error = () => {};
        try {
          const res = await createApp({ db: broken, config: loadConfig({}), jwtKey: testJwtKey() })
            .request("/");
          assert.equal(res.status, 200);
          const html = await res.text();
          assert.match(html, /data-health="down"/);
          assert.ok(html.includes("Indisponível"));
        } finally {
          console.error = quietError;
        }
      },
    );
  } finally {
    await testDb.close();
  }
});
