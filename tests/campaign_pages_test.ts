/**
 * The campaign pages through `app.request()`: admins of a company with campaigns open them;
 * plain users and companies without campaigns are sent away; another company's list or
 * campaign shows as not found. /files (the file lists) is for every admin.
 */
import assert from "node:assert/strict";
import { sql } from "../lib/db/mod.ts";
import { openTestApp } from "./helpers/app.ts";
import { createTestCompany, createTestUser } from "./helpers/accounts.ts";
import { signIn } from "./helpers/sign_in.ts";

const { app, db, close } = await openTestApp();

const visit = (path: string, cookie: string) => app.request(path, { headers: { Cookie: cookie } });

Deno.test("campaign pages", async (t) => {
  try {
    const companyId = await createTestCompany(db);
    const otherId = await createTestCompany(db);
    const admin = await createTestUser(db, companyId, { profile: "admin" });
    const agent = await createTestUser(db, companyId, { profile: "user" });
    const otherAdmin = await createTestUser(db, otherId, { profile: "admin" });
    const [adminIn, agentIn, otherIn] = await Promise.all([
      signIn(app, admin),
      signIn(app, agent),
      signIn(app, otherAdmin),
    ]);
    const list = await db.one<{ id: number }>(sql`
      insert into contact_lists (company_id, name) values (${companyId}, 'Clientes VIP') returning id`);
    const campaign = await db.one<{ id: number }>(sql`
      insert into campaigns (company_id, name, contact_list_id)
      values (${companyId}, 'Black Friday', ${list.id}) returning id`);
    const pages: [string, RegExp][] = [
      ["/campaigns", /<title>Campanhas · Balcão<\/title>/],
      [`/campaign/${campaign.id}/report`, /Relatório: Black Friday/],
      ["/campaigns-config", /Configurações de campanhas/],
      ["/contact-lists", /Listas de contatos/],
      [`/contact-lists/${list.id}/contacts`, /Clientes VIP/],
    ];

    await t.step("an admin opens every page", async () => {
      for (const [path, shows] of pages) {
        const res = await visit(path, adminIn.cookie);
        assert.equal(res.status, 200, path);
        assert.match(await res.text(), shows, path);
      }
    });

    await t.step("a plain user is sent away", async () => {
      for (const [path] of pages) {
        const res = await visit(path, agentIn.cookie);
        assert.equal(res.status, 302, path);
        assert.equal(res.headers.get("location"), "/?denied=1");
      }
    });

    await t.step("another company sees neither the list nor the campaign", async () => {
      const report = await visit(`/campaign/${campaign.id}/report`, otherIn.cookie);
      assert.doesNotMatch(await report.text(), /Black Friday/);
      const items = await visit(`/contact-lists/${list.id}/contacts`, otherIn.cookie);
      assert.doesNotMatch(await items.text(), /Clientes VIP/);
    });

    await t.step("without the plan flag or the setting, the pages are closed", async () => {
      await db.run(sql`update plans set use_campaigns = false
                       where id = (select plan_id from companies where id = ${companyId})`);
      const closed = await visit("/campaigns", adminIn.cookie);
      assert.equal(closed.status, 302);
      await db.run(sql`insert into settings (company_id, key, value)
                       values (${companyId}, 'campaignsEnabled', 'true')
                       on conflict (company_id, key) do update set value = 'true'`);
      assert.equal((await visit("/campaigns", adminIn.cookie)).status, 200);
      const api = await app.request("/api/campaigns", { headers: { Cookie: adminIn.cookie } });
      assert.equal(api.status, 200, "the setting opens the API too");
    });

    await t.step("/files is every admin's page, with or without campaigns", async () => {
      await db.run(sql`delete from settings where company_id = ${companyId}
                       and key = 'campaignsEnabled'`);
      const res = await visit("/files", adminIn.cookie);
      assert.equal(res.status, 200);
      assert.match(await res.text(), /<title>Lista de arquivos · Balcão<\/title>/);
      const agentVisit = await visit("/files", agentIn.cookie);
      assert.equal(agentVisit.status, 302);
      assert.equal(agentVisit.headers.get("location"), "/?denied=1");
    });
  } finally {
    await close();
  }
});
