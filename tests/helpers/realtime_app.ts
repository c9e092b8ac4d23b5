/**
 * An app with the real realtime hub, served on a free port, for API tests that also check
 * the events a call publishes: sockets sign in with `?token=` like any client.
 */
import { createApp } from "../../main.ts";
import { createTestApp } from "./app.ts";
import { loadConfig } from "../../lib/config.ts";
import { socketAuth } from "../../lib/http/auth.ts";
import { accountPrincipals } from "../../services/accounts/principals.ts";
import { createHub, type Hub } from "../../lib/realtime/mod.ts";
import { loadJwtKey } from "../../services/accounts/secrets.ts";
import { createJoinAuthorizer } from "../../services/tickets/joins.ts";
import { openTestDb, type TestDb } from "./db.ts";
import { serveOnFreePort, TestClient } from "./ws.ts";

export interface RealtimeTestApp extends TestDb {
  app: ReturnType<typeof createApp>;
  jwtKey: Uint8Array;
  hub: Hub;
  /** `ws://127.0.0.1:<port>/ws` of the served app. */
  wsUrl: string;
  /** A socket signed in as the holder of `headers`' Bearer token, after its `ready`. */
  connect(headers: Record<string, string>): Promise<TestClient>;
}

export async function openRealtimeTestApp(
  config: Record<string, string> = {},
): Promise<RealtimeTestApp> {
  const testDb = await openTestDb();
  const jwtKey = await loadJwtKey(testDb.db);
  const hub = await createHub({
    db: testDb.db,
    ...socketAuth(accountPrincipals(testDb.db), jwtKey),
    authorizeJoin: createJoinAuthorizer({ db: testDb.db }),
  });
  const app = createTestApp({
    db: testDb.db,
    config: loadConfig({ DATA_DIR: "./test-data", ...config }),
    jwtKey,
    hub,
  });
  const server = serveOnFreePort(app.fetch);
  const clients: TestClient[] = [];
  return {
    ...testDb,
    app,
    jwtKey,
    hub,
    wsUrl: server.wsUrl,
    async connect(headers) {
      const token = headers.Authorization!.slice("Bearer ".length);
      const client = await TestClient.connect(`${server.wsUrl}?token=${token}`);
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(clients.map((client) => client.close()));
      await hub.close();
      await server.close();
      await testDb.close();
    },
  };
}
