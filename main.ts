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
import { createHub, type Hub, nullHub } from "./lib/realtime/mod.ts";
import { createJobRunner, enqueueSweep } from "./lib/jobs/mod.ts";
import { createJobHandlers, SWEEPS } from "./services/job_handlers.ts";
import type { ServiceDeps } from "./services/deps.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import { consoleLog, type Log } from "./lib/log.ts";
import { createDiskMediaStore, type MediaStore, openMediaStore } from "./lib/media/mod.ts";
import { corsPolicy, noStore, securityHeaders } from "./lib/http/security.ts";
import { staticFiles } from "./lib/http/static.ts";
import { VERSION } from "./lib/version.ts";
import { systemRoutes } from "./routes/api/system.ts";
import { authRoutes } from "./routes/api/auth.ts";
import { createLoginThrottle } from "./services/accounts/login_throttle.ts";
import { userRoutes } from "./routes/api/users.ts";
import { assertOriginAllowed, crossSiteGuard } from "./lib/http/csrf.ts";
import { resolveClientIp } from "./lib/http/client_ip.ts";
import { authenticate, billingOnlyJoinsRefused, socketAuth } from "./lib/http/auth.ts";
import { loadJwtKey, secretBoxOf } from "./services/accounts/secrets.ts";
import { outboundClient } from "./lib/net/outbound.ts";
import { createAiProvider, DEFAULT_CHAT_MODEL } from "./lib/ai/provider.ts";
import { createAzureSpeech } from "./lib/ai/azure_speech.ts";
import { ensureFirstStart } from "./services/accounts/bootstrap.ts";
import { pageRoutes } from "./routes/pages.tsx";
import { accountPageRoutes } from "./routes/account_pages.tsx";
import { directoryPageRoutes } from "./routes/directory_pages.tsx";
import { whatsappPageRoutes } from "./routes/whatsapp_pages.tsx";
import { ticketPageRoutes } from "./routes/ticket_pages.tsx";
import { billingPageRoutes } from "./routes/billing_pages.tsx";
import { publicPageRoutes } from "./routes/public_pages.tsx";
import { campaignPageRoutes } from "./routes/campaign_pages.tsx";
import { teamPageRoutes } from "./routes/team_pages.tsx";
import { signupRoutes } from "./routes/api/signup.ts";
import { passwordResetRoutes } from "./routes/api/password_reset.ts";
import { createMailer, type Mailer } from "./lib/mail/mod.ts";
import { planRoutes } from "./routes/api/plans.ts";
import { companyRoutes } from "./routes/api/companies.ts";
import { helpRoutes } from "./routes/api/helps.ts";
import { announcementRoutes } from "./routes/api/announcements.ts";
import { chatRoutes } from "./routes/api/chats.ts";
import { kanbanRoutes } from "./routes/api/kanban.ts";
import { dashboardRoutes } from "./routes/api/dashboard.ts";
import { settingRoutes } from "./routes/api/settings.ts";
import { contactRoutes } from "./routes/api/contacts.ts";
import { tagRoutes } from "./routes/api/tags.ts";
import { promptRoutes } from "./routes/api/prompts.ts";
import { quickMessageRoutes } from "./routes/api/quick_messages.ts";
import { queueOptionRoutes, queueRoutes } from "./routes/api/queues.ts";
import { mediaRoutes } from "./routes/api/media.ts";
import { createMediaLinks } from "./lib/media/signed_url.ts";
import { whatsappRoutes } from "./routes/api/whatsapp.ts";
import { sandboxRoutes } from "./routes/api/sandbox.ts";
import { createWhatsappSessions, type WhatsappSessions } from "./services/whatsapp/mod.ts";
import { connectHooks } from "./services/hooks.ts";
import { TransitionHooks } from "./services/tickets/mod.ts";
import { createDialogflowClient } from "./services/integrations/dialogflow.ts";
import { createIspSystems } from "./services/isp/systems.ts";
import { queueIntegrationRoutes } from "./routes/api/queue_integrations.ts";
import { createJoinAuthorizer } from "./services/tickets/joins.ts";
import { messageRoutes } from "./routes/api/messages.ts";
import { ticketNoteRoutes } from "./routes/api/ticket_notes.ts";
import { ticketRoutes } from "./routes/api/tickets.ts";
import { scheduleRoutes } from "./routes/api/schedules.ts";
import { schedulePageRoutes } from "./routes/schedule_pages.tsx";
import { externalSendRoutes } from "./routes/api/external_send.ts";
import { openApiRoutes } from "./routes/api/openapi/routes.ts";
import { contactListItemRoutes, contactListRoutes } from "./routes/api/contact_lists.ts";
import { campaignRoutes, campaignSettingRoutes } from "./routes/api/campaigns.ts";
import { fileRoutes } from "./routes/api/files.ts";
import { invoiceRoutes } from "./routes/api/invoices.ts";
import { subscriptionRoutes } from "./routes/api/subscription.ts";
import { createPixProvider, type PixProvider } from "./services/billing/pix/mod.ts";

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
  /** Business time (services/deps.ts); the wall clock when absent, a FakeClock in tests. */
  clock?: Clock;
  /** @default the console */
  log?: Log;
  /** Uploaded and received files; the data folder when absent (startServer opens MEDIA_S3_URL). */
  media?: MediaStore;
  /** The checkout's Pix provider; made from `config.pix` when absent (null: no payments). */
  pix?: PixProvider | null;
}

/**
 * The one `ServiceDeps` of an installation (DESIGN §8a), with defaults for what a test
 * leaves out: a mailer from SMTP_URL, sessions without background loops, the wall clock.
 */
export function serviceDepsOf(deps: AppDeps): ServiceDeps {
  const media = deps.media ?? createDiskMediaStore(deps.config.dataDir);
  // Without a hub (most API tests), what the services publish reaches nobody.
  const hub = deps.hub ?? nullHub();
  const outbound = outboundClient(deps.config.allowPrivateHosts);
  const clock = deps.clock ?? systemClock;
  return {
    db: deps.db,
    hub,
    media,
    mailer: deps.mailer ??
      createMailer({ db: deps.db, smtpUrl: deps.config.smtpUrl, publicUrl: deps.config.publicUrl }),
    sessions: deps.whatsapp ?? createWhatsappSessions({
      db: deps.db,
      hub,
      baileys: {
        waWebSocketUrl: deps.config.waWebSocketUrl,
        rootPublicKey: deps.config.waRootPublicKey,
      },
      media,
    }),
    transitions: new TransitionHooks(),
    clock,
    log: deps.log ?? consoleLog,
    mediaLinks: createMediaLinks({ key: deps.jwtKey, publicUrl: deps.config.publicUrl }),
    secrets: secretBoxOf(deps.db, deps.config.encryptionKey),
    ai: createAiProvider({
      baseUrl: deps.config.openaiBaseUrl,
      model: deps.config.openaiModel ?? DEFAULT_CHAT_MODEL,
    }),
    speech: createAzureSpeech({ urlTemplate: deps.config.azureSpeechUrl }),
    outbound,
    dialogflow: createDialogflowClient({
      outbound,
      dialogflowUrl: deps.config.dialogflowUrl,
      dialogflowRegionalUrl: deps.config.dialogflowRegionalUrl,
      clock,
    }),
    isp: createIspSystems({ outbound, asaasBaseUrl: deps.config.asaasBaseUrl }),
  };
}

/** Builds the app; `services` is passed by startServer, which built them once for everything. */
export function createApp(deps: AppDeps, services = serviceDepsOf(deps)): Hono<AppEnv> {
  // Not strict: `/api/users/` is `/api/users`, as the spec's clients call it (DESIGN §4).
  const app = new Hono<AppEnv>({ strict: false });
  app.use(requestId());
  const secureCookies = deps.config.publicUrl.startsWith("https:");
  app.use(securityHeaders({ hsts: secureCookies }));
  app.onError(handleError);
  app.use("/static/*", staticFiles());
  // App-level (not inside `api`), so that errors and the unknown-path 404 get them too.
  app.use("/api/*", noStore());
  if (deps.config.corsOrigins.length > 0) app.use("/api/*", corsPolicy(deps.config.corsOrigins));
  // Origins whose pages may use the user's cookies: this site (its PUBLIC_URL too, for when
  // a proxy rewrites Host) and CORS_ORIGINS.
  const trustedOrigins = new Set([
    new URL(deps.config.publicUrl).origin,
    ...deps.config.corsOrigins,
  ]);

  // One count of password guesses for sign-in and account changes alike.
  const loginThrottle = createLoginThrottle();
  const api = new Hono<AppEnv>();
  api.use(resolveClientIp(deps.config.trustProxy));
  const jsonLimit = bodyLimit({ maxSize: API_BODY_LIMIT_BYTES });
  const multipartLimit = bodyLimit({ maxSize: MULTIPART_CEILING_BYTES });
  api.use((c, next) =>
    (c.req.header("Content-Type") ?? "").startsWith("multipart/form-data")
      ? multipartLimit(c, next)
      : jsonLimit(c, next)
  );
  // Media is what `<img>` and `<audio>` load, without headers: the one place for `?token=`.
  api.use(authenticate(deps.db, deps.jwtKey, {
    queryTokenPaths: ["/api/media/"],
    // What a past-due company's admin may still call: the session itself and paying.
    billingOnlyPaths: ["/api/auth", "/api/invoices", "/api/subscription", "/api/plans/list"],
  }));
  // After authenticate: only a valid Bearer token exempts a call from the guard.
  api.use(crossSiteGuard(trustedOrigins));
  api.route("/", systemRoutes(services));
  api.route("/", openApiRoutes());
  api.route(
    "/auth",
    authRoutes({ ...services, jwtKey: deps.jwtKey, secureCookies, loginThrottle }),
  );
  // Public account routes, before the super user's /plans and /companies routes so that
  // /plans/list is not taken for a plan id.
  api.route("/", signupRoutes(services));
  api.route(
    "/",
    passwordResetRoutes({ ...services, jwtKey: deps.jwtKey, publicUrl: deps.config.publicUrl }),
  );
  api.route("/users", userRoutes({ ...services, guesses: loginThrottle }));
  api.route("/plans", planRoutes(services));
  api.route("/companies", companyRoutes({ ...services, publicUrl: deps.config.publicUrl }));
  api.route("/helps", helpRoutes(services));
  api.route("/announcements", announcementRoutes(services));
  api.route("/chats", chatRoutes(services));
  api.route("/dashboard", dashboardRoutes(services));
  api.route("/settings", settingRoutes(services));
  api.route("/contacts", contactRoutes(services));
  api.route("/tags", tagRoutes(services));
  api.route("/quick-messages", quickMessageRoutes(services));
  api.route("/queue", queueRoutes(services));
  api.route("/queue-options", queueOptionRoutes(services));
  api.route("/prompt", promptRoutes(services));
  api.route("/queueIntegration", queueIntegrationRoutes(services));
  api.route("/media", mediaRoutes(services));
  // What the phones report becomes contacts, tickets and messages; the hooks follow.
  connectHooks(services);
  api.route("/", whatsappRoutes(services));
  api.route("/", ticketRoutes(services));
  api.route("/schedules", scheduleRoutes(services));
  // Before /messages, whose routes take a ticket id where this one has "send".
  api.route("/", externalSendRoutes(services));
  api.route("/", kanbanRoutes(services));
  api.route("/messages", messageRoutes(services));
  api.route("/ticket-notes", ticketNoteRoutes(services));
  api.route("/", sandboxRoutes(services));
  api.route("/contact-lists", contactListRoutes(services));
  api.route("/contact-list-items", contactListItemRoutes(services));
  api.route("/campaigns", campaignRoutes(services));
  api.route("/campaign-settings", campaignSettingRoutes(services));
  api.route("/files", fileRoutes(services));
  api.route("/invoices", invoiceRoutes(services));
  api.route(
    "/subscription",
    subscriptionRoutes({
      ...services,
      pix: deps.pix !== undefined ? deps.pix : createPixProvider(deps.config.pix),
      webhookSecret: deps.config.pix.webhookSecret,
    }),
  );
  app.route("/api", api);
  // Registered after every API route: an unknown API path answers JSON, never a page.
  app.all("/api/*", handleNotFoundApi);

  const hub = deps.hub;
  if (hub) {
    app.get("/ws", (c) => {
      // Any page may open a socket to us with the user's cookies: only ours may.
      assertOriginAllowed(c.req.raw, trustedOrigins);
      return hub.upgrade(c.req.raw);
    });
  }

  // Pages last: their catch-all answers the HTML 404, so the public pages come first.
  app.route("/", publicPageRoutes({ db: deps.db, jwtKey: deps.jwtKey, secureCookies }));
  const pageDeps = { db: deps.db, jwtKey: deps.jwtKey, secureCookies };
  app.route("/", accountPageRoutes(pageDeps));
  app.route("/", directoryPageRoutes(pageDeps));
  app.route("/", whatsappPageRoutes(pageDeps));
  app.route("/", ticketPageRoutes(pageDeps));
  app.route("/", schedulePageRoutes({ ...pageDeps, publicUrl: deps.config.publicUrl }));
  app.route("/", campaignPageRoutes(pageDeps));
  app.route("/", teamPageRoutes(pageDeps));
  app.route("/", billingPageRoutes(pageDeps));
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
    // Sockets sign in like API calls (the access cookie, or ?token= for other clients) and
    // are checked again whenever a service says a user's or company's sessions changed.
    ...socketAuth(db, jwtKey),
    // The spec's joinChatBox, joinTickets and joinNotification, checked per user; a
    // billing-only sign-in (a past-due company's admin) joins nothing, it only pays.
    authorizeJoin: billingOnlyJoinsRefused(createJoinAuthorizer({ db })),
  });
  const media = await openMediaStore({ dataDir: config.dataDir, s3: config.mediaS3 });
  const appDeps: AppDeps = { db, config, hub, jwtKey, media };
  const services = serviceDepsOf(appDeps);
  const jobs = createJobRunner({
    deps: services,
    instanceId: hub.instanceId,
    handlers: createJobHandlers(services),
    sweeps: [...SWEEPS],
    // A job left running by an instance that died (kill -9, power loss) waits this long
    // before another takes it over; sweeps hold their one key meanwhile, so this is how long
    // campaigns stand still after a crash. Every handler keeps its runs well under it.
    staleAfterMs: 90_000,
  });
  jobs.start();
  // Sweeps also run at start, not only at their first croner time (the invoices are due).
  for (const sweep of SWEEPS) await enqueueSweep(db, sweep, services.clock.now());
  const whatsapp = services.sessions;
  await whatsapp.startLoops();
  // Resumes the sessions that were running when the installation last stopped (their
  // credentials are in the database, so no new QR) once their old leases have lapsed.
  void whatsapp.tick().catch((error) => console.error("whatsapp:", error));
  const app = createApp(appDeps, services);
  const server = Deno.serve(
    { port: config.port, hostname: "0.0.0.0", onListen: () => {} },
    app.fetch,
  );
  const url = `http://localhost:${server.addr.port}`;

  console.log(`Balcão ${VERSION} listening on ${url}`);
  console.log(`Database: ${db.description}`);
  console.log(`Data directory: ${config.dataDir}`);
  console.log(`Media: ${media.description}`);
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
      media.close();
      await db.close();
    })();
    return stopping;
  }
  return { url, app, db, hub, shutdown };
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
