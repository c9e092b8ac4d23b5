/**
 * Each main page ships no more JavaScript than its budget (bench/js_budgets.ts), gzipped, as
 * the built assets stand (`deno task test` builds them first). A page over its budget fails the
 * suite: make it lighter (load rare dialogs on demand), or raise its budget in the same change
 * and say why.
 */
import assert from "node:assert/strict";
import { createApp } from "../main.ts";
import { loadConfig } from "../lib/config.ts";
import { testJwtKey } from "../tests/helpers/app.ts";
import { createTestCompany, createTestUser } from "../tests/helpers/accounts.ts";
import { openTestDb } from "../tests/helpers/db.ts";
import { signIn } from "../tests/helpers/sign_in.ts";
import { PAGE_BUDGETS, pageScriptBytes } from "./js_budgets.ts";

Deno.test("every main page ships no more JavaScript than its budget, gzipped", async (t) => {
  const { db, close } = await openTestDb();
  try {
    const app = createApp({ db, config: loadConfig({}), jwtKey: testJwtKey() });
    for (const page of PAGE_BUDGETS) {
      await t.step(page.label, async () => {
        const companyId = await createTestCompany(db);
        await page.seed?.(db, companyId);
        const { cookie } = await signIn(app, await createTestUser(db, companyId));
        const { gzipped } = await pageScriptBytes(app, page.path, cookie);
        const kb = gzipped / 1024;
        assert.ok(kb > 0, `${page.path} loads no JavaScript: were the assets built?`);
        assert.ok(
          kb <= page.budgetKb,
          `${page.label}: ${kb.toFixed(1)} KB gzipped, over its budget of ${page.budgetKb} KB`,
        );
      });
    }
  } finally {
    await close();
  }
});
