/** An app on a fresh test database, for tests that go through `app.request()`. */
import { createApp } from "../../main.ts";
import { loadConfig } from "../../lib/config.ts";
import { openTestDb, type TestDb } from "./db.ts";

export async function openTestApp(): Promise<TestDb & { app: ReturnType<typeof createApp> }> {
  const testDb = await openTestDb();
  const app = createApp({ db: testDb.db, config: loadConfig({ DATA_DIR: "./test-data" }) });
  return { ...testDb, app };
}
