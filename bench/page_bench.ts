/**
 * Server time and shipped JavaScript of one signed-in page, answered by the whole app through
 * `app.request()` on a throwaway embedded database as an admin sees it, the JavaScript beside
 * the page's budget (bench/js_budgets.ts).
 */
import { createApp } from "../main.ts";
import { loadConfig } from "../lib/config.ts";
import { openDb } from "../lib/db/mod.ts";
import { migrate } from "../lib/db/migrate.ts";
import { testJwtKey } from "../tests/helpers/app.ts";
import { createTestCompany, createTestUser } from "../tests/helpers/accounts.ts";
import { signIn } from "../tests/helpers/sign_in.ts";
import { type Figure, pageFigures } from "./figure.ts";
import { type PageBudget, pageScriptBytes } from "./js_budgets.ts";

const WARMUP = 50;
const REQUESTS = 500;

export async function signedInPageFigures(page: PageBudget): Promise<Figure[]> {
  const db = await openDb({ dataDir: null });
  try {
    await migrate(db);
    const app = createApp({ db, config: loadConfig({}), jwtKey: testJwtKey() });
    const companyId = await createTestCompany(db);
    await page.seed?.(db, companyId);
    const { cookie } = await signIn(app, await createTestUser(db, companyId));
    const get = async () => {
      const res = await app.request(page.path, {
        headers: { "Accept-Language": "pt-BR", Cookie: cookie },
      });
      if (res.status !== 200) throw new Error(`${page.path} answered ${res.status}`);
      await res.text();
    };
    for (let i = 0; i < WARMUP; i++) await get();
    const samples: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now();
      await get();
      samples.push(performance.now() - start);
    }
    const sizes = await pageScriptBytes(app, page.path, cookie);
    return pageFigures(page.label, samples, sizes, page.budgetKb);
  } finally {
    await db.close();
  }
}
