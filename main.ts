/**
 * Balcão's entry point. `createApp` builds the Hono app from its dependencies (tests call
 * it with their own database); run as a program, this file opens the database, applies
 * migrations, starts the background parts and serves until SIGINT/SIGTERM.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { type Config, loadConfig } from "./lib/config.ts";
import { type Db, openDb } from "./lib/db/mod.ts";
import { migrate } from "./lib/db/migrate.ts";
import type { AppEnv } from "./lib/http/env.ts";
import { handleError, handleNotFoundApi } from "./lib/http/error_handler.ts";
import { createHub, type Hub } from "./lib/realtime/mod.ts";
import { createJobRunner } from "./lib/jobs/mod.ts";
import { jobHandlers } from "./services/job_handlers.ts";
import { securityHeaders } from "./lib/http/security.ts";
import { staticFiles } from "./lib/http/static.ts";
import { VERSION } from "./lib/version.ts";
import { systemRoutes } from "./routes/api/system.ts";
import { authRoutes } from "./routes/api/auth.ts";
import { crossSiteGuard } from "./lib/http/csrf.ts";
import { ACCESS_COOKIE, authenticate, principalOf } from "./lib/http/auth.ts";
import { loadJwtKey } from "./services/accounts/secrets.ts";
import { ensureFirstStart } from "./services/accounts/bootstrap.ts";
import { pageRoutes } from "./routes/pages.tsx";
import { whatsappRoutes } from "./routes/api/whatsapp.ts";
import { sandboxRoutes } from "./routes/api/sandbox.ts";
import { createWhatsappSessions, type WhatsappSessions } from "./services/whatsapp/mod.ts";

/** JSON bodies are small; uploads get their own, larger limit on their routes. */
const API_BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppDeps {
  db: Db;
  config: Config;
  /** Signs and verifies access tokens (see services/accounts/secrets.ts). */
  jwtKey: Uint8Array;
  /** The realtime hub; `/ws` is mounted only when there is one (most API tests need none). */
  hub?: Hub;
  /** Runs WhatsApp sessions; when absent, one without background loops is made (tests). */
  whatsapp?: WhatsappSessions;
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(securityHeaders());
  app.onError(handleError);
  app.use("/static/*", staticFiles());

  const secureCookies = deps.config.publicUrl.startsWith("https:");
  const api = new Hono<AppEnv>();
  api.use(bodyLimit({ maxSize: API_BODY_LIMIT_BYTES }));
  api.use(crossSiteGuard());
  api.use(authenticate(deps.db, deps.jwtKey));
  api.route("/", systemRoutes(deps.db));
  api.route(
    "/auth",
    authRoutes({
      db: deps.db,
      jwtKey: deps.jwtKey,
      secureCookies,
      hub: deps.hub,
    }),
  );
  const sessions = deps.whatsapp ?? createWhatsappSessions({ db: deps.db, hub: deps.hub });
  api.route("/", whatsappRoutes({ db: deps.db, hub: deps.hub, sessions }));
  api.route("/", sandboxRoutes({ db: deps.db, sessions }));
  app.route("/api", api);
  // Registered after every API route: an unknown API path answers JSON, never a page.
  app.all("/api/*", handleNotFoundApi);

  const hub = deps.hub;
  if (hub) app.get("/ws", (c) => hub.upgrade(c.req.raw));

  // Pages last: their catch-all answers the HTML 404.
  app.route("/", pageRoutes({ db: deps.db, jwtKey: deps.jwtKey, secureCookies }));

  return app;
}

export interface RunningServer {
  url: string;
  app: Hono<AppEnv>;
  db: Db;
  hub: Hub;
  /** Stops accepting requests, then closes background work and the database. */
  shutdown(): Promise<void>;
}

/** Opens the database, migrates it and serves the app on `config.port` (0 picks a free one). */
export async function startServer(config: Config): Promise<RunningServer> {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(db);
  const firstStart = await ensureFirstStart(db, {
    email: config.adminEmail,
    password: config.adminPassword,
  });
  const jwtKey = await loadJwtKey(db, config.jwtSecret);
  const hub = await createHub({
    db,
    // Sockets sign in like API calls: the access cookie, or ?token= for other clients.
    authenticate: (request) =>
      principalOf(db, jwtKey, request, cookieValue(request, ACCESS_COOKIE)),
    // Ticket and chat rooms arrive with the conversations issue; until then a socket is only
    // in its company's and user's rooms, which the hub joins by itself.
    authorizeJoin: () => Promise.resolve(null),
  });
  const jobs = createJobRunner({ db, instanceId: hub.instanceId, handlers: jobHandlers });
  jobs.start();
  const whatsapp = createWhatsappSessions({ db, hub });
  await whatsapp.startLoops();
  // Resumes the sessions that were running when the installation last stopped (their
  // credentials are in the database, so no new QR) once their old leases have lapsed.
  void whatsapp.tick().catch((error) => console.error("whatsapp:", error));
  const app = createApp({ db, config, hub, jwtKey, whatsapp });
  const server = Deno.serve(
    { port: config.port, hostname: "0.0.0.0", onListen: () => {} },
    app.fetch,
  );
  const url = `http://localhost:${server.addr.port}`;

  console.log(`Balcão ${VERSION} listening on ${url}`);
  console.log(`Database: ${db.description}`);
  console.log(`Data directory: ${config.dataDir}`);
  if (applied.length > 0) console.log(`Migrations applied: ${applied.join(", ")}`);
  if (firstStart) {
    console.log(`First start: super user ${firstStart.email} created.`);
    if (firstStart.generatedPassword) {
      console.log(`  Its generated password (shown only now): ${firstStart.generatedPassword}`);
    }
  }

  let stopping: Promise<void> | undefined;
  function shutdown(): Promise<void> {
    stopping ??= (async () => {
      // The hub first: it closes the sockets, which would otherwise hold the server open,
      // and stops listening before the database goes away.
      await hub.close();
      await server.shutdown();
      // Jobs and sessions after requests (a request may have queued work), before the
      // database closes; sessions keep their credentials and give their leases back.
      await jobs.stop();
      await whatsapp.close();
      await db.close();
    })();
    return stopping;
  }
  return { url, app, db, hub, shutdown };
}

function cookieValue(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return undefined;
}

if (import.meta.main) {
  const running = await startServer(loadConfig());
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    Deno.addSignalListener(signal, async () => {
      console.log(`${signal} received: stopping…`);
      await running.shutdown();
      console.log("Stopped cleanly.");
      Deno.exit(0);
    });
  }
}
