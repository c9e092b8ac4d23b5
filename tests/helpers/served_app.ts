/**
 * The whole app served on a free port with the real realtime hub, as `main.ts` wires it
 * (sockets sign in like API calls), on a fresh test database: for tests that need live
 * events to reach real sockets.
 */
import { createTestApp } from "./app.ts";
import { loadConfig } from "../../lib/config.ts";
import { socketAuth } from "../../lib/http/auth.ts";
import { accountPrincipals } from "../../services/accounts/principals.ts";
import { createHub } from "../../lib/realtime/mod.ts";
import { loadJwtKey } from "../../services/accounts/secrets.ts";
import { createJoinAuthorizer } from "../../services/tickets/joins.ts";
import { openTestDb } from "./db.ts";
import { serveOnFreePort } from "./ws.ts";

export async function openServedApp() {
  const testDb = await openTestDb();
  const { db } = testDb;
  const jwtKey = await loadJwtKey(db);
  const hub = await createHub({
    db,
    ...socketAuth(accountPrincipals(db), jwtKey),
    authorizeJoin: createJoinAuthorizer({ db }),
  });
  const app = createTestApp({ db, config: loadConfig({ DATA_DIR: "./test-data" }), hub, jwtKey });
  const server = serveOnFreePort(app.fetch);
  return {
    db,
    jwtKey,
    hub,
    app,
    /** `ws://127.0.0.1:<port>/ws` */
    wsUrl: server.wsUrl,
    /** `http://127.0.0.1:<port>` */
    httpUrl: server.wsUrl.replace(/^ws/, "http").replace(/\/ws$/, ""),
    async close() {
      await hub.close();
      await server.close();
      await testDb.close();
    },
  };
}
