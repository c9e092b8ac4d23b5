/**
 * Balcão's entry point, which only composes: the services' dependencies (`serviceDepsOf`),
 * the web layer's (`webDepsOf`), the app (`createApp`: routes/mod.ts mounts the API by area
 * and the pages) and, in `startServer`, the database, the phones' subscriptions, the jobs and
 * the server, until SIGINT/SIGTERM. Tests call `createApp` with their own database.
 */
import type { Hono } from "hono";
import { type Config, loadConfig } from "./lib/config.ts";
import { type Db, openDb } from "./lib/db/mod.ts";
import { migrate } from "./lib/db/migrate.ts";
import type { AppEnv } from "./lib/http/env.ts";
import { limitedJoinsRefused, socketAuth } from "./lib/http/auth.ts";
import { createHub, type Hub, nullHub } from "./lib/realtime/mod.ts";
import { createJobRunner, enqueueSweep } from "./lib/jobs/mod.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import { consoleLog, type Log } from "./lib/log.ts";
import { createDiskMediaStore, type MediaStore, openMediaStore } from "./lib/media/mod.ts";
import { createMediaLinks } from "./lib/media/signed_url.ts";
import { createMailer, type Mailer } from "./lib/mail/mod.ts";
import { outboundClient } from "./lib/net/outbound.ts";
import { createAiProvider, DEFAULT_CHAT_MODEL } from "./lib/ai/provider.ts";
import { createAzureSpeech } from "./lib/ai/azure_speech.ts";
import { VERSION } from "./lib/version.ts";
import type { ServiceDeps } from "./services/deps.ts";
import { createJobHandlers, SWEEPS } from "./services/job_handlers.ts";
import { ensureFirstStart } from "./services/accounts/bootstrap.ts";
import { createLoginThrottle } from "./services/accounts/login_throttle.ts";
import { accountPrincipals } from "./services/accounts/principals.ts";
import { loadJwtKey, secretBoxOf } from "./services/accounts/secrets.ts";
import { createPixProvider, type PixProvider } from "./services/billing/pix/mod.ts";
import { createJoinAuthorizer } from "./services/tickets/joins.ts";
import { createWhatsappSessions, type WhatsappSessions } from "./services/whatsapp/mod.ts";
import { connectHooks } from "./services/hooks.ts";
import { TransitionHooks } from "./services/tickets/mod.ts";
import { createDialogflowClient } from "./services/integrations/dialogflow.ts";
import { createIspSystems } from "./services/isp/systems.ts";
import type { WebDeps } from "./routes/deps.ts";
import { webApp } from "./routes/mod.ts";

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

/**
 * The one `WebDeps` of an app (routes/deps.ts): the services' plus what only HTTP needs,
 * read from the configuration.
 */
export function webDepsOf(deps: AppDeps, services = serviceDepsOf(deps)): WebDeps {
  const { config } = deps;
  return {
    ...services,
    jwtKey: deps.jwtKey,
    publicUrl: config.publicUrl,
    secureCookies: config.publicUrl.startsWith("https:"),
    loginThrottle: createLoginThrottle(),
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    pix: deps.pix !== undefined ? deps.pix : createPixProvider(config.pix),
    pixWebhookSecret: config.pix.webhookSecret,
  };
}

/**
 * Builds the web app; `services` is passed by startServer, which built them once for
 * everything. What the phones report reaches the services through the hooks
 * (`connectHooks`), which startServer connects (and tests that feed messages in).
 */
export function createApp(deps: AppDeps, services = serviceDepsOf(deps)): Hono<AppEnv> {
  return webApp(webDepsOf(deps, services));
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
    ...socketAuth(accountPrincipals(db), jwtKey),
    // The spec's joinChatBox, joinTickets and joinNotification, checked per user; a
    // billing-only sign-in (a past-due company's admin) joins nothing, it only pays.
    authorizeJoin: limitedJoinsRefused(createJoinAuthorizer({ db })),
  });
  const media = await openMediaStore({ dataDir: config.dataDir, s3: config.mediaS3 });
  const appDeps: AppDeps = { db, config, hub, jwtKey, media };
  const services = serviceDepsOf(appDeps);
  connectHooks(services);
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
