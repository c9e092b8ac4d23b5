/**
 * The HTML pages through `app.request()`: the signed-in home inside the shell, the sign-in
 * redirect, language and theme, what each profile sees, and the 404 page.
 */
import assert from "node:assert/strict";
import { sql } from "../lib/db/mod.ts";
import { VERSION } from "../lib/version.ts";
import { formatDate } from "../lib/i18n/format.ts";
import { openTestApp } from "./helpers/app.ts";
import { createTestCompany, createTestUser } from "./helpers/accounts.ts";
import { cookiesOf, signIn } from "./helpers/sign_in.ts";
import { bootPayload } from "./helpers/boot_payload.ts";

const { app, db, close } = await openTestApp();

function get(path: string, headers: Record<string, string> = {}) {
  return app.request(path, { headers });
}

async function html(path: string, cookie: string, extra: Record<string, string> = {}) {
  const res = await get(path, { Cookie: cookie, ...extra });
  assert.equal(res.status, 200, `${path} answered ${res.status}`);
  return await res.text();
}

Deno.test("pages", async (t) => {
  try {
    const companyId = await createTestCompany(db, { dueInDays: 40 });
    const admin = await createTestUser(db, companyId, { profile: "admin" });
    const agent = await createTestUser(db, companyId, { profile: "user" });
    const adminSession = await signIn(app, admin);
    const agentSession = await signIn(app, agent);
    const due = (await db.one<{ d: string }>(
      sql`select to_char(due_date, 'YYYY-MM-DD') as d from companies where id = ${companyId}`,
    )).d;

    await t.step(
      "signed out, / and other private pages go to /login with the way back",
      async () => {
        const home = await get("/");
        assert.equal(home.status, 302);
        assert.equal(home.headers.get("location"), "/login?next=%2F");
        const todo = await get("/todolist?view=all");
        assert.equal(todo.headers.get("location"), "/login?next=%2Ftodolist%3Fview%3Dall");
        const stale = await get("/", { Cookie: "token=expired.token.value" });
        assert.equal(stale.status, 302, "a dead access token without a refresh cookie");
      },
    );

    await t.step("an admin's / is the shell: greeting, due date, menu, first steps", async () => {
      const page = await html("/", adminSession.cookie);
      assert.match(page, /^<!doctype html><html lang="pt-BR">/i);
      assert.match(page, /<title>Início · Balcão<\/title>/);
      assert.ok(page.includes(`Olá User `) && page.includes(", seja bem-vindo."));
      assert.ok(page.includes(`Sua assinatura vence em ${formatDate(due, "pt-BR")}`));
      assert.ok(page.includes("Primeiros passos"));
      assert.ok(page.includes("Administração"));
      assert.match(page, /<a href="\/" title="Dashboard" aria-current="page"/);
      assert.match(page, /href="\/users"/);
      assert.doesNotMatch(page, /href="\/announcements"/, "super users only");
      assert.ok(page.includes(`v${VERSION}`));
      assert.match(page, /data-drawer="auto"/);
      for (const island of ["TopBar", "SessionWatch", "Toaster"]) {
        assert.match(page, new RegExp(`<!--isl:${island}:\\d+-->`), island);
      }
      assert.doesNotMatch(page, /data-subscription-warning/, "40 days left: no warning");
      // Two people in the team: the team step is done.
      assert.match(page, /data-step="team"[^]*?Concluído/);
    });

    await t.step("the page's client data carries the shell session, secrets left out", async () => {
      await db.run(sql`insert into settings (company_id, key, value)
        values (${companyId}, 'asaas', 'secret-asaas-token')`);
      const page = await html("/", adminSession.cookie);
      const me = await (await get("/api/auth/me", { Cookie: adminSession.cookie })).json();
      const { data, islands } = bootPayload(page);
      const shell = data.shell as Record<string, unknown>;
      assert.equal(shell.userId, admin.id);
      assert.equal(shell.companyId, companyId);
      assert.equal(shell.profile, "admin");
      assert.equal(shell.super, false);
      assert.equal(shell.dueDate, due);
      assert.equal(shell.sessionId, me.sessionId, "the sign-in id reaches the page");
      assert.equal((shell.features as Record<string, boolean>).useKanban, true);
      const settings = shell.settings as Record<string, string>;
      assert.equal(settings.campaignsEnabled, "false");
      assert.equal(settings.asaas, undefined, "integration secrets stay on the server");
      assert.ok(!page.includes("secret-asaas-token"));
      assert.deepEqual(islands.SessionWatch, {
        userId: admin.id,
        companyId,
        sessionId: me.sessionId,
        denied: false,
      });
      const i18n = data.i18n as { resources: Record<string, unknown> };
      assert.ok("shell" in i18n.resources && !("menu" in i18n.resources), "menu texts stay");
    });

    await t.step(
      "a plain user lands on the tickets: no dashboard entry, no admin section",
      async () => {
        const home = await get("/", { Cookie: agentSession.cookie });
        assert.equal(home.status, 302);
        assert.equal(home.headers.get("location"), "/tickets");
        const page = await html("/todolist", agentSession.cookie);
        assert.ok(!page.includes("Administração"));
        assert.doesNotMatch(page, /href="\/users"/);
        assert.doesNotMatch(page, /title="Dashboard"/);
        assert.doesNotMatch(page, /data-due-date/);
        assert.equal(bootPayload(page).islands.TopBar!.dueDateLabel, null);
        assert.match(page, /href="\/tickets"/);
      },
    );

    await t.step("fewer than 5 days left: admins see the warning with the day count", async () => {
      const soon = await createTestCompany(db, { dueInDays: 3 });
      const soonAdmin = await signIn(app, await createTestUser(db, soon, { profile: "admin" }));
      const soonAgent = await signIn(app, await createTestUser(db, soon, { profile: "user" }));
      const page = await html("/", soonAdmin.cookie);
      assert.match(page, /data-subscription-warning="3"/);
      assert.ok(page.includes("Sua assinatura vence em 3 dias"));
      assert.doesNotMatch(await html("/todolist", soonAgent.cookie), /data-subscription-warning/);
    });

    await t.step("language and theme cookies; a remembered collapsed menu", async () => {
      const page = await html("/", `${adminSession.cookie}; lang=en; theme=dark; drawer=collapsed`);
      assert.match(page, /<html lang="en" class="dark">/);
      assert.ok(page.includes("welcome.") && page.includes("Hello User "));
      assert.ok(page.includes("Switch to light theme"));
      assert.match(page, /data-drawer="closed"/);
      const es = await html("/", adminSession.cookie, { "Accept-Language": "es-AR,es;q=0.9" });
      assert.match(es, /<html lang="es">/);
      assert.ok(es.includes("Primeros pasos"));
    });

    await t.step(
      "an expired access token with a good refresh cookie renders and renews",
      async () => {
        const fresh = await signIn(app, agent);
        const res = await get("/todolist", { Cookie: `token=expired.token; jrt=${fresh.refresh}` });
        assert.equal(res.status, 200);
        const jar = cookiesOf(res);
        assert.match(jar.token ?? "", /^ey/);
        assert.ok(jar.jrt && jar.jrt !== fresh.refresh, "the refresh token rotated");
        const page = await res.text();
        assert.match(page, /<!--isl:TodoList:\d+-->/);
        assert.ok(page.includes("O que você precisa fazer?"));
        assert.match(page, /aria-current="page"[^>]*>[^]*?Tarefas/);
      },
    );

    await t.step(
      "after a refused page, an agent's / goes on to the tickets, which say why",
      async () => {
        const res = await get("/?denied=1", { Cookie: agentSession.cookie });
        assert.equal(res.headers.get("location"), "/tickets?denied=1");
        const page = await html("/tickets?denied=1", agentSession.cookie);
        assert.equal(bootPayload(page).islands.SessionWatch!.denied, true);
        const admins = await html("/?denied=1", adminSession.cookie);
        assert.equal(bootPayload(admins).islands.SessionWatch!.denied, true);
      },
    );

    await t.step("the first steps tick from the data, then give way to the dashboard", async () => {
      const steps = async () => {
        const page = await html("/", adminSession.cookie);
        const done = (step: string) => {
          const from = page.indexOf(`data-step="${step}"`);
          return from >= 0 && page.slice(from, page.indexOf("</li>", from)).includes("Concluído");
        };
        return ["connections", "queues", "answer"].filter(done);
      };
      assert.deepEqual(await steps(), []);
      const whatsapp = (await db.one<{ id: number }>(sql`insert into whatsapps
        (company_id, name, status, token) values (${companyId}, 'Zap', 'CONNECTED',
        'token-0123456789abcdef') returning id`)).id;
      await db.run(sql`insert into queues (company_id, name, color)
        values (${companyId}, 'Vendas', '#0000aa')`);
      assert.deepEqual(await steps(), ["connections", "queues"]);
      const contact = (await db.one<{ id: number }>(sql`insert into contacts
        (company_id, name, number) values (${companyId}, 'Cliente', '5511900000001')
        returning id`)).id;
      const ticket = (await db.one<{ id: number }>(sql`insert into tickets
        (company_id, contact_id, whatsapp_id, status) values (${companyId}, ${contact},
        ${whatsapp}, 'open') returning id`)).id;
      await db.run(sql`insert into ticket_tracking (company_id, ticket_id, created_at, accepted_at)
        values (${companyId}, ${ticket}, now(), now())`);
      const page = await html("/", adminSession.cookie);
      assert.doesNotMatch(page, /Primeiros passos/);
      assert.deepEqual(bootPayload(page).islands.DashboardPage, {
        companyId,
        companyName: (bootPayload(page).data.shell as { companyName: string }).companyName,
        platform: false,
      });
      await db.run(sql`delete from ticket_tracking where company_id = ${companyId}`);
      await db.run(sql`delete from tickets where company_id = ${companyId}`);
      await db.run(sql`delete from whatsapps where company_id = ${companyId}`);
      await db.run(sql`delete from queues where company_id = ${companyId}`);
    });

    await t.step("an unknown page answers 404 HTML with no script at all", async () => {
      const res = await get("/no/such/page", { Cookie: "lang=en" });
      assert.equal(res.status, 404);
      const page = await res.text();
      assert.match(page, /<title>Page not found · Balcão<\/title>/);
      assert.doesNotMatch(page, /<script/i);
    });

    await t.step("signed in, an unknown page is the translated 404 inside the frame", async () => {
      const res = await get("/no/such/page", { Cookie: `${agentSession.cookie}; lang=es` });
      assert.equal(res.status, 404);
      const page = await res.text();
      assert.match(page, /<title>Página no encontrada · Balcão<\/title>/);
      assert.match(page, /<!--isl:TopBar:\d+-->/, "the frame's top bar");
      assert.ok(page.includes("Menú principal") || page.includes('id="main"'));
      assert.ok(page.includes("La dirección que abriste no existe o fue movida."));
    });

    await t.step("a menu area without its page says so inside the frame", async () => {
      // Every menu entry the admin sees answers a page inside the frame, never a bare 404.
      await db.run(sql`update plans set use_kanban = true, use_internal_chat = true,
        use_schedules = true, use_open_ai = true, use_integrations = true,
        use_external_api = true, use_campaigns = true
        where id = (select plan_id from companies where id = ${companyId})`);
      const session = await signIn(app, admin);
      const home = await html("/", session.cookie);
      const hrefs = [...home.matchAll(/<a href="(\/[^"]*)" title=/g)].map((m) => m[1]!);
      assert.ok(hrefs.length >= 15, `menu links: ${hrefs.join(" ")}`);
      for (const href of hrefs) {
        const res = await get(href, { Cookie: session.cookie });
        assert.equal(res.status, 200, `${href} answered ${res.status}`);
        const page = await res.text();
        assert.match(page, /<!--isl:TopBar:\d+-->/, `${href} is inside the frame`);
        assert.doesNotMatch(page, /Disponível quando/);
      }
      const files = await html("/files", session.cookie);
      assert.ok(files.includes("<!--isl:FilesManager:") && files.includes("Lista de arquivos"));
    });

    await t.step("a menu area the viewer may not open is refused like its page", async () => {
      const res = await get("/announcements", { Cookie: agentSession.cookie });
      assert.equal(res.status, 302);
      assert.equal(res.headers.get("location"), "/?denied=1");
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
      await logo.body?.cancel();
      const escape = await get("/static/..%2Fdeno.json");
      assert.equal(escape.status, 404);
      await escape.body?.cancel();
    });
  } finally {
    await close();
  }
});
