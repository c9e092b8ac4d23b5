/** A real server (`startServer`) on a fresh embedded database in a temporary folder. */
import { type RunningServer, startServer } from "../../main.ts";
import { loadConfig } from "../../lib/config.ts";

export interface TestServer {
  server: RunningServer;
  /** Shuts the server down and removes its data; call it in `finally`. */
  stop(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-server-" });
  const originalLog = console.log;
  console.log = () => {}; // the start-up lines are asserted in tests/e2e
  let server: RunningServer;
  try {
    server = await startServer(loadConfig({ PORT: "0", DATA_DIR: dataDir }));
  } finally {
    console.log = originalLog;
  }
  return {
    server,
    async stop() {
      await server.shutdown();
      await Deno.remove(dataDir, { recursive: true });
    },
  };
}
