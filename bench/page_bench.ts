/**
 * Server time and shipped JavaScript of one signed-in page, answered by the whole app through
 * `app.request()` on an embedded database as an admin sees it. `seed` fills the company first.
 */
import { createApp } from "../main.ts";
import { loadConfig } from "../lib/config.ts";
import { type Db, openDb } from "../lib/db/mod.ts";
import { migrate } from "../lib/db/migrate.ts";
import { testJwtKey } from "../tests/helpers/app.ts";
import { createTestCompany, createTestUser } from "../tests/helpers/accounts.ts";
import { signIn } from "../tests/helpers/sign_in.ts";
import { type Figure, pageFigures } from "./figure.ts";

const WARMUP = 50;
const REQUESTS = 500;

export async function signedInPageFigures(
  path: string,
  label: string,
  seed: (db: Db, companyId: number) => Promise<void> = () => Promise.resolve(),
): Promise<Figure[]> {
  const db = await openDb({ dataDir: null });
  try {
    await migrate(db);
    const app = createApp({ db, config: loadConfig({}), jwtKey: testJwtKey() });
    const companyId = await createTestCompany(db);
    await seed(db, companyId);
    const { cookie } = await signIn(app, await createTestUser(db, companyId));
    const get = async () => {
      const res = await app.request(path, {
        headers: { "Accept-Language": "pt-BR", Cookie: cookie },
      });
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      await res.text();
      return res;
    };
    for (let i = 0; i < WARMUP; i++) await get();
    const samples: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now();
      await get();
      samples.push(performance.now() - start);
    }

    // The modulepreload header lists every module the page's boot script loads.
    const link = (await get()).headers.get("Link") ?? "";
    const hrefs = [...link.matchAll(/<([^>]+)>/g)].map((m) => m[1]!);
    const modules = await Promise.all(hrefs.map((href) => Deno.readFile(`.${href}`)));
    return await pageFigures(label, samples, modules);
  } finally {
    await db.close();
  }
}
