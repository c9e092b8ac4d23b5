/** An app on a fresh test database, for tests that go through `app.request()`. */
import { createApp } from "../../main.ts";
import { loadConfig } from "../../lib/config.ts";
import { loadJwtKey } from "../../services/accounts/secrets.ts";
import { openTestDb, type TestDb } from "./db.ts";

export async function openTestApp(): Promise<
  TestDb & { app: ReturnType<typeof createApp>; jwtKey: Uint8Array }
> {
  const testDb = await openTestDb();
  const jwtKey = await loadJwtKey(testDb.db);
  const app = createApp({
    db: testDb.db,
    config: loadConfig({ DATA_DIR: "./test-data" }),
    jwtKey,
  });
  return { ...testDb, app, jwtKey };
}

/** A random signing key for apps built without a database behind them. */
export function testJwtKey(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(48));
}
