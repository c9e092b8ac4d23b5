/**
 * Balcão with a real WhatsApp (`beta`) connection linked to the WhatsApp Web simulator: the
 * product's own sessions, provider, pipeline and API, with the unmodified Baileys speaking the
 * protocol to a local server. `restart()` stops this "instance" (sessions closed, keys kept
 * in Postgres) and starts another on the same database, as a deploy would.
 */
import { sql } from "../../lib/db/mod.ts";
import { loadConfig } from "../../lib/config.ts";
import { serviceDepsOf } from "../../main.ts";
import { createTestApp } from "./app.ts";
import { loadJwtKey } from "../../services/accounts/secrets.ts";
import { createWhatsappSessions } from "../../services/whatsapp/mod.ts";
import { baileysFactory } from "../../services/whatsapp/baileys/provider.ts";
import type { LifecycleLimits } from "../../services/whatsapp/baileys/lifecycle.ts";
import { createDiskMediaStore } from "../../lib/media/mod.ts";
import { createTestCompany, createTestUser } from "./accounts.ts";
import { answer, apiAs } from "./api_as.ts";
import { openTestDb } from "./db.ts";
import { recordingHub, waitFor } from "./ticket_env.ts";
import { baileysOptionsFor, SIM_STEP_MS, startSimulator } from "./wa_simulator.ts";

export const BUSINESS = "5511900000001";

export interface SimEnvOptions {
  limits?: Partial<LifecycleLimits>;
  leaseMs?: number;
}

export async function openSimulatorEnv(options: SimEnvOptions = {}) {
  const server = await startSimulator();
  const testDb = await openTestDb();
  const { db } = testDb;
  const hub = recordingHub();
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-wa-sim-" });
  const media = createDiskMediaStore(dataDir);
  const jwtKey = await loadJwtKey(db);
  const companyId = await createTestCompany(db);
  const admin = await createTestUser(db, companyId);

  /** One running "instance" of Balcão: its sessions, services and app. */
  const instance = async (instanceId: string) => {
    const whatsapp = createWhatsappSessions({
      db,
      hub,
      media,
      instanceId,
      leaseMs: options.leaseMs,
      providers: { beta: baileysFactory(baileysOptionsFor(server, { limits: options.limits })) },
    });
    // As the server runs them: other instances' commands and the outbox's notifications.
    await whatsapp.startLoops();
    const appDeps = { db, config: loadConfig({ DATA_DIR: dataDir }), jwtKey, hub, whatsapp };
    const services = serviceDepsOf(appDeps);
    const app = createTestApp(appDeps, services);
    return { whatsapp, services, app, asAdmin: await apiAs(app, jwtKey, admin) };
  };
  let current = await instance("instance-1");

  const made = async (res: Response) => {
    const { status, body } = await answer(res);
    if (status !== 200 && status !== 201) throw new Error(`${status} ${JSON.stringify(body)}`);
    return body;
  };
  const connection = await made(
    await current.asAdmin("POST", "/api/whatsapp", {
      name: "Loja",
      provider: "beta",
      isDefault: true,
    }),
  );
  const connectionId = connection.id as number;

  const row = () =>
    db.one<{ status: string; qrcode: string; sessionWanted: boolean }>(sql`
      select status, qrcode, session_wanted as "sessionWanted" from whatsapps where id = ${connectionId}`);
  const waitStatus = (status: string) =>
    waitFor(
      async () => (await row()).status === status || undefined,
      `status ${status}`,
      SIM_STEP_MS,
    );

  let instances = 1;
  return {
    server,
    db,
    hub,
    media,
    companyId,
    connectionId,
    get app() {
      return current.app;
    },
    get whatsapp() {
      return current.whatsapp;
    },
    get asAdmin() {
      return current.asAdmin;
    },
    made,
    row,
    waitStatus,
    /** Starts the connection from the API, scans its QR with the business phone: CONNECTED. */
    async pair(pn = BUSINESS) {
      await made(await current.asAdmin("POST", `/api/whatsappsession/${connectionId}`));
      const qr = await waitFor(async () => (await row()).qrcode || undefined, "a QR", SIM_STEP_MS);
      server.scan(pn, qr);
      await waitStatus("CONNECTED");
    },
    /** Stops this instance: its sessions close, the keys stay in Postgres. */
    async stop() {
      await current.whatsapp.close();
    },
    /** Starts another instance, which resumes the wanted session (as a deploy's new process). */
    async start() {
      current = await instance(`instance-${++instances}`);
      await current.whatsapp.tick();
    },
    /** Another instance on the same database, running beside the current one. */
    async another(instanceId: string) {
      return (await instance(instanceId)).whatsapp;
    },
    async restart() {
      await this.stop();
      await this.start();
    },
    async close() {
      await current.whatsapp.close();
      await server.close();
      await testDb.close();
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    },
  };
}

export type SimEnv = Awaited<ReturnType<typeof openSimulatorEnv>>;
