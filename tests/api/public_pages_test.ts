/**
 * /login, /signup and /forgetpsw through `app.request()`: rendered with their form islands,
 * in the visitor's language, and a signed-in visitor is sent to "/".
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { openTestApp } from "../helpers/app.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";

Deno.test("[pages] public pages", async (t) => {
  const { app, db, close } = await openTestApp();
  const get = (path: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers });
  try {
    await db.run(sql`insert into plans (name, users, connections, queues, value)
      values ('Essencial', 1, 1, 1, 49.9), ('Profissional', 10, 3, 10, 1299.5)`);

    await t.step("/login: the form island, links to /forgetpsw and /signup", async () => {
      const res = await get("/login");
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("cache-control"), "no-store");
      const html = await res.text();
      assert.match(html, /<html lang="pt-BR">/);
      assert.match(html, /<title>Entrar · Balcão<\/title>/);
      assert.match(html, /<!--isl:LoginForm:\d+-->/);
      assert.match(html, /<label for="login-email"[^>]*>E-mail/);
      assert.match(html, /<label for="login-password"[^>]*>Senha/);
      assert.match(html, /href="\/forgetpsw"/);
      assert.match(html, /href="\/signup"/);
      assert.match(html, /<!--isl:ThemeToggle:\d+-->/);
      assert.match(html, /<!--isl:LanguageSwitcher:\d+-->/);
    });

    await t.step("/login keeps a same-site next and drops any other", async () => {
      const kept = await (await get("/login?next=%2Ftickets%2F7%3Ftab%3Dopen")).text();
      assert.ok(kept.includes(String.raw`\"/tickets/7?tab=open\"`));
      for (const next of ["//evil.example/x", "https://evil.example", "/\\evil.example"]) {
        const html = await (await get(`/login?next=${encodeURIComponent(next)}`)).text();
        assert.ok(!html.includes("evil.example"), next);
      }
    });

    await t.step("/signup: the plan picker with limits and monthly BRL prices", async () => {
      // ?companyId= is accepted and ignored.
      const res = await get("/signup?companyId=42");
      assert.equal(res.status, 200);
      const html = await res.text();
      assert.match(html, /<!--isl:SignupForm:\d+-->/);
      assert.ok(html.includes("Essencial"));
      assert.ok(html.includes("R$ 49,90/mês"));
      assert.ok(html.includes("R$ 1.299,50/mês"));
      assert.ok(html.includes("1 usuário"));
      assert.ok(html.includes("10 usuários"));
      assert.ok(html.includes('placeholder="(99) 99999-9999"'));
      assert.match(html, /href="\/login"/);
    });

    await t.step(
      "/forgetpsw: step 1, or step 2 when the mail's link gives the e-mail",
      async () => {
        const first = await (await get("/forgetpsw")).text();
        assert.match(first, /<!--isl:ForgotPasswordForm:\d+-->/);
        assert.ok(first.includes("Esqueceu sua senha?"));
        assert.ok(first.includes("Passo 1 de 2"));
        const second = await (await get("/forgetpsw?email=ana%40example.com")).text();
        assert.ok(second.includes("Crie uma nova senha"));
        assert.ok(second.includes("ana@example.com"));
        assert.ok(second.includes("Passo 2 de 2"));
      },
    );

    await t.step("English and Spanish by Accept-Language", async () => {
      const en = await (await get("/login", { "Accept-Language": "en-US" })).text();
      assert.match(en, /<title>Sign in · Balcão<\/title>/);
      const es = await (await get("/signup", { "Accept-Language": "es" })).text();
      assert.ok(es.includes("R$ 49,90/mes"));
    });

    await t.step("a signed-in visitor is sent to / from every public page", async () => {
      const user = await createTestUser(db, await createTestCompany(db));
      const login = await app.request("/api/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      const cookies = login.headers.getSetCookie().map((line) => line.split(";")[0]!);
      const access = cookies.find((c) => c.startsWith("token="))!;
      const refresh = cookies.find((c) => c.startsWith("jrt="))!;
      for (const path of ["/login", "/signup", "/forgetpsw", "/login?next=/tickets"]) {
        const res = await get(path, { Cookie: access });
        assert.equal(res.status, 302, path);
        assert.equal(res.headers.get("location"), "/");
      }
      // With only the refresh cookie (the access token expired), the session is renewed.
      const renewed = await get("/login", { Cookie: refresh });
      assert.equal(renewed.status, 302);
      assert.match(renewed.headers.getSetCookie().join("\n"), /token=[^;]+;/);
      // A stale cookie is no session: the page shows.
      const stranger = await get("/login", { Cookie: "token=not-a-token" });
      assert.equal(stranger.status, 200);
      await stranger.body?.cancel();
    });
  } finally {
    await close();
  }
});
