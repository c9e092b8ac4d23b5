/**
 * A company with a paired sandbox connection, an admin and two agents in a queue: the cast
 * of the ticket tests. Customers write through the sandbox API, so messages take the real
 * path (provider → pipeline → tickets), and replies go through the real outbox.
 */
import { sql } from "../../lib/db/mod.ts";
import { loadConfig } from "../../lib/config.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import { createApp, serviceDepsOf } from "../../main.ts";
import { createTestApp } from "./app.ts";
import type { Clock } from "../../lib/clock.ts";
import { createJobRunner } from "../../lib/jobs/mod.ts";
import { createJobHandlers } from "../../services/job_handlers.ts";
import { loadJwtKey } from "../../services/accounts/secrets.ts";
import { createWhatsappSessions } from "../../services/whatsapp/mod.ts";
import { createTestCompany, createTestUser } from "./accounts.ts";
import { answer, apiAs } from "./api_as.ts";
import { openTestDb } from "./db.ts";
import { createDiskMediaStore } from "../../lib/media/mod.ts";

// deno-lint-ignore no-explicit-any -- tests read whatever the hub was given
export type Sent = { room: string; channel: string; data: any };

export function recordingHub(): Hub & { sent: Sent[] } {
  const sent: Sent[] = [];
  return {
    instanceId: "test-instance",
    sent,
    publish: (room, channel, data) => {
      // One record per room, so tests ask "did user 5 get it?" the same way for both forms.
      for (const one of typeof room === "string" ? [room] : room) {
        sent.push({ room: one, channel, data });
      }
      return Promise.resolve();
    },
    // Sessions are the hub's own tests' business (lib/realtime, tests/api/socket_sessions).
    revalidate: () => Promise.resolve(),
    upgrade: () => Promise.resolve(new Response(null, { status: 500 })),
    stats: () => ({ sockets: 0, rooms: 0 }),
    roomsOfUser: () => [],
    close: () => Promise.resolve(),
  };
}

export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  // A deadline rather than a count of tries: on a busy machine each check is slower.
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export interface TicketEnvOptions {
  /** Business time for the services and the job runner (a FakeClock in timer tests). */
  clock?: Clock;
  /** More of the environment (e.g. `OPENAI_BASE_URL` pointing at a fake provider). */
  env?: Record<string, string>;
}

export async function openTicketEnv(options: TicketEnvOptions = {}) {
  const testDb = await openTestDb();
  const { db } = testDb;
  const hub = recordingHub();
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-tickets-" });
  const whatsapp = createWhatsappSessions({
    db,
    hub,
    media: createDiskMediaStore(dataDir),
    // Receipts come later than the outbox needs to record the send (ack 1), or a loaded
    // machine sees 3 before 1 and, acks never moving back, never broadcasts the 1.
    sandbox: { deliveredAfterMs: 40, readAfterMs: 60 },
    providers: { beta: undefined },
  });
  const jwtKey = await loadJwtKey(db);
  const appDeps = {
    db,
    config: loadConfig({ DATA_DIR: dataDir, ...options.env }),
    jwtKey,
    hub,
    whatsapp,
    clock: options.clock,
  };
  const services = serviceDepsOf(appDeps);
  const app = createTestApp(appDeps, services);
  /** A job runner over the same services: a test ticks it, stops it, and starts another. */
  const jobRunner = () =>
    createJobRunner({
      deps: services,
      instanceId: `test-runner-${crypto.randomUUID()}`,
      handlers: createJobHandlers(services),
    });
  const companyId = await createTestCompany(db);
  const otherId = await createTestCompany(db);
  const adminUser = await createTestUser(db, companyId);
  const agentUser = await createTestUser(db, companyId, { profile: "user" });
  const otherAgentUser = await createTestUser(db, companyId, { profile: "user" });
  const outsiderUser = await createTestUser(db, companyId, { profile: "user" });
  const asAdmin = await apiAs(app, jwtKey, adminUser);
  const asAgent = await apiAs(app, jwtKey, { ...agentUser, profile: "user" });
  const asOtherAgent = await apiAs(app, jwtKey, { ...otherAgentUser, profile: "user" });
  const asOutsider = await apiAs(app, jwtKey, { ...outsiderUser, profile: "user" });
  const asOtherAdmin = await apiAs(app, jwtKey, await createTestUser(db, otherId));

  const made = async (res: Response) => {
    const { status, body } = await answer(res);
    if (status !== 200 && status !== 201) throw new Error(`${status} ${JSON.stringify(body)}`);
    return body;
  };
  const sales =
    (await made(await asAdmin("POST", "/api/queue", { name: "Vendas", color: "#1E88E5" })))
      .id as number;
  const support = (await made(
    await asAdmin("POST", "/api/queue", { name: "Suporte", color: "#43A047" }),
  )).id as number;
  // Both agents work in Vendas; the outsider only in Suporte. All three also see the tickets
  // that have no queue yet (allTicket), as the sandbox connection here routes to no queue.
  await db.run(sql`insert into user_queues (user_id, queue_id) values
    (${agentUser.id}, ${sales}), (${otherAgentUser.id}, ${sales}), (${outsiderUser.id}, ${support})`);
  await db.run(sql`update users set all_ticket = 'enabled'
    where id in (${agentUser.id}, ${otherAgentUser.id}, ${outsiderUser.id})`);
  const connection = await made(
    await asAdmin("POST", "/api/whatsapp", { name: "Loja", provider: "sandbox", isDefault: true }),
  );
  await made(await asAdmin("POST", `/api/whatsappsession/${connection.id}`));
  await made(await asAdmin("POST", `/api/sandbox/${connection.id}/pair`));

  /** A customer writes; answers their ticket as the admin sees it. */
  const customerWrites = async (number: string, name: string, body: string) => {
    await made(
      await asAdmin("POST", `/api/sandbox/${connection.id}/inbound`, { number, name, body }),
    );
    const ticket = await db.one<{ id: number }>(sql`
      select t.id from tickets t join contacts c on c.id = t.contact_id
      where t.company_id = ${companyId} and c.number = ${number} and t.status <> 'closed'`);
    return (await made(await asAdmin("GET", `/api/tickets/${ticket.id}`)));
  };

  return {
    db,
    app,
    /** A second app over the same database and services, as another instance would serve. */
    anotherApp: () => createApp(appDeps, services),
    services,
    jobRunner,
    hub,
    whatsapp,
    dataDir,
    companyId,
    connectionId: connection.id as number,
    queues: { sales, support },
    users: {
      admin: adminUser,
      agent: agentUser,
      otherAgent: otherAgentUser,
      outsider: outsiderUser,
    },
    asAdmin,
    asAgent,
    asOtherAgent,
    asOutsider,
    asOtherAdmin,
    customerWrites,
    async close() {
      await whatsapp.close();
      await testDb.close();
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    },
  };
}
