/** An app on a fresh test database, for tests that go through `app.request()`. */
import { type AppDeps, createApp, serviceDepsOf } from "../../main.ts";
import { connectHooks } from "../../services/hooks.ts";
import { loadConfig } from "../../lib/config.ts";
import type { Db } from "../../lib/db/mod.ts";
import { loadJwtKey } from "../../services/accounts/secrets.ts";
import { openTestDb, type TestDb } from "./db.ts";

type Overrides = Partial<Omit<AppDeps, "db" | "jwtKey">>;

/**
 * `overrides` replaces parts of the app's dependencies, e.g. a `mailer` pointed at a local
 * SMTP server; given as a function, it receives the test database (a mailer needs it).
 */
export async function openTestApp(
  overrides: Overrides | ((db: Db) => Overrides) = {},
): Promise<TestDb & { app: ReturnType<typeof createApp>; jwtKey: Uint8Array }> {
  const testDb = await openTestDb();
  const jwtKey = await loadJwtKey(testDb.db);
  const app = createTestApp({
    config: loadConfig({ DATA_DIR: "./test-data" }),
    ...(typeof overrides === "function" ? overrides(testDb.db) : overrides),
    db: testDb.db,
    jwtKey,
  });
  return { ...testDb, app, jwtKey };
}

/** A random signing key for apps built without a database behind them. */
export function testJwtKey(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(48));
}

/**
 * The app as startServer wires it: the web app over `services`, and what the phones report
 * (the sandbox's inbound messages included) reaching the services.
 */
export function createTestApp(
  deps: AppDeps,
  services = serviceDepsOf(deps),
): ReturnType<typeof createApp> {
  connectHooks(services);
  return createApp(deps, services);
}
