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
import { userRoutes } from "./routes/api/users.ts";
import { crossSiteGuard } from "./lib/http/csrf.ts";
import { resolveClientIp } from "./lib/http/client_ip.ts";
import { ACCESS_COOKIE, authenticate, principalOf } from "./lib/http/auth.ts";
import { loadJwtKey } from "./services/accounts/secrets.ts";
import { ensureFirstStart } from "./services/accounts/bootstrap.ts";
import { pageRoutes } from "./routes/pages.tsx";
import { accountPageRoutes } from "./routes/account_pages.tsx";
import { directoryPageRoutes } from "./routes/directory_pages.tsx";
import { whatsappPageRoutes } from "./routes/whatsapp_pages.tsx";
import { ticketPageRoutes } from "./routes/ticket_pages.tsx";
import { publicPageRoutes } from "./routes/public_pages.tsx";
import { signupRoutes } from "./routes/api/signup.ts";
import { passwordResetRoutes } from "./routes/api/password_reset.ts";
import { createMailer, type Mailer } from "./lib/mail/mod.ts";
import { planRoutes } from "./routes/api/plans.ts";
import { companyRoutes } from "./routes/api/companies.ts";
import { helpRoutes } from "./routes/api/helps.ts";
import { settingRoutes } from "./routes/api/settings.ts";
import { contactRoutes } from "./routes/api/contacts.ts";
import { tagRoutes } from "./routes/api/tags.ts";
import { quickMessageRoutes } from "./routes/api/quick_messages.ts";
import { queueOptionRoutes, queueRoutes } from "./routes/api/queues.ts";
import { mediaRoutes } from "./routes/api/media.ts";
import { whatsappRoutes } from "./routes/api/whatsapp.ts";
import { sandboxRoutes } from "./routes/api/sandbox.ts";
import { createWhatsappSessions, type WhatsappSessions } from "./services/whatsapp/mod.ts";
import { createInboundPipeline } from "./services/tickets/inbound.ts";
import { messageRoutes } from "./routes/api/messages.ts";
import { ticketNoteRoutes } from "./routes/api/ticket_notes.ts";
import { ticketRoutes } from "./routes/api/tickets.ts";

/** JSON bodies are small; uploads get their own, larger limit on their routes. */
const API_BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * Multipart bodies (file uploads) skip the JSON limit, so that an upload route can allow
 * more with its own `bodyLimit`; this ceiling still holds for any route that forgets to.
 */
const MULTIPART_CEILING_BYTES = 64 * 1024 * 1024;

export interface AppDeps {
  db: Db;
  config: Config;
  /** Signs and verifies access tokens (see services/accounts/secrets.ts). */
  jwtKey: Uint8Array;
  /** The realtime hub; `/ws` is mounted only when there is one (most API tests need none). */
  hub?: Hub;
  /**
   * Sends e-mail (password-reset codes). startServer makes one from SMTP_URL; when absent,
   * one is made the same way, so without SMTP_URL mail goes to the outbox table and the log.
   */
  mailer?: Mailer;
  /** Runs WhatsApp sessions; when absent, one without background loops is made (tests). */
  whatsapp?: WhatsappSessions;
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  // Not strict: `/api/users/` is `/api/users`, as the spec's clients call it (DESIGN §4).
  const app = new Hono<AppEnv>({ strict: false });
  app.use(requestId());
  app.use(securityHeaders());
  app.onError(handleError);
  app.use("/static/*", staticFiles());

  const secureCookies = deps.config.publicUrl.startsWith("https:");
  const mailer = deps.mailer ??
    createMailer({ db: deps.db, smtpUrl: deps.config.smtpUrl, publicUrl: deps.config.publicUrl });
  const api = new Hono<AppEnv>();
  api.use(resolveClientIp(deps.config.trustProxy));
  const jsonLimit = bodyLimit({ maxSize: API_BODY_LIMIT_BYTES });
  const multipartLimit = bodyLimit({ maxSize: MULTIPART_CEILING_BYTES });
  api.use((c, next) =>
    (c.req.header("Content-Type") ?? "").startsWith("multipart/form-data")
      ? multipartLimit(c, next)
      : jsonLimit(c, next)
  );
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
  // Public account routes, before the super user's /plans and /companies routes so that
  // /plans/list is not taken for a plan id.
  api.route("/", signupRoutes({ db: deps.db }));
  api.route(
    "/",
    passwordResetRoutes({
      db: deps.db,
      jwtKey: deps.jwtKey,
      mailer,
      publicUrl: deps.config.publicUrl,
    }),
  );
  api.route("/users", userRoutes({ db: deps.db, hub: deps.hub }));
  api.route("/plans", planRoutes(deps.db));
  api.route("/companies", companyRoutes(deps.db));
  api.route("/helps", helpRoutes(deps.db));
  api.route("/settings", settingRoutes(deps.db, deps.hub));
  api.route("/contacts", contactRoutes({ db: deps.db, hub: deps.hub }));
  api.route("/tags", tagRoutes({ db: deps.db, hub: deps.hub }));
  api.route(
    "/quick-messages",
    quickMessageRoutes({ db: deps.db, hub: deps.hub, dataDir: deps.config.dataDir }),
  );
  const queueDeps = { db: deps.db, hub: deps.hub, dataDir: deps.config.dataDir };
  api.route("/queue", queueRoutes(queueDeps));
  api.route("/queue-options", queueOptionRoutes(queueDeps));
  api.route("/media", mediaRoutes({ dataDir: deps.config.dataDir }));
  const sessions = deps.whatsapp ?? createWhatsappSessions({
    db: deps.db,
    hub: deps.hub,
    baileys: { waWebSocketUrl: deps.config.waWebSocketUrl },
    dataDir: deps.config.dataDir,
  });
  // What the phones report becomes contacts, tickets and messages.
  sessions.subscribe(
    createInboundPipeline({ db: deps.db, hub: deps.hub, dataDir: deps.config.dataDir }),
  );
  api.route("/", whatsappRoutes({ db: deps.db, hub: deps.hub, sessions }));
  const ticketDeps = { db: deps.db, hub: deps.hub, dataDir: deps.config.dataDir };
  api.route("/", ticketRoutes(ticketDeps));
  api.route("/messages", messageRoutes(ticketDeps));
  api.route("/ticket-notes", ticketNoteRoutes({ db: deps.db }));
  api.route("/", sandboxRoutes({ db: deps.db, sessions }));
  app.route("/api", api);
  // Registered after every API route: an unknown API path answers JSON, never a page.
  app.all("/api/*", handleNotFoundApi);

  const hub = deps.hub;
  if (hub) app.get("/ws", (c) => hub.upgrade(c.req.raw));

  // Pages last: their catch-all answers the HTML 404, so the public pages come first.
  app.route("/", publicPageRoutes({ db: deps.db, jwtKey: deps.jwtKey, secureCookies }));
  const pageDeps = { db: deps.db, jwtKey: deps.jwtKey, secureCookies };
  app.route("/", accountPageRoutes(pageDeps));
  app.route("/", directoryPageRoutes(pageDeps));
  app.route("/", whatsappPageRoutes(pageDeps));
  app.route("/", ticketPageRoutes(pageDeps));
  // Last: its catch-all answers 404 for any other page.
  app.route("/", pageRoutes(pageDeps));

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
  const mailer = createMailer({ db, smtpUrl: config.smtpUrl, publicUrl: config.publicUrl });
  const whatsapp = createWhatsappSessions({
    db,
    hub,
    baileys: { waWebSocketUrl: config.waWebSocketUrl },
    // Where the outbox reads the files agents send.
    dataDir: config.dataDir,
  });
  await whatsapp.startLoops();
  // Resumes the sessions that were running when the installation last stopped (their
  // credentials are in the database, so no new QR) once their old leases have lapsed.
  void whatsapp.tick().catch((error) => console.error("whatsapp:", error));
  const app = createApp({ db, config, hub, jwtKey, mailer, whatsapp });
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
