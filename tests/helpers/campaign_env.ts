/**
 * A company with a paired sandbox connection and a fake clock, for the campaign tests: the
 * API through `app.request`, the campaign sweep run by hand (`sweep()`), and the outbox
 * drained by hand (`drain()`), so a test decides exactly when time moves and messages leave.
 */
import { sql } from "../../lib/db/mod.ts";
import { FakeClock } from "../../lib/clock.ts";
import { loadConfig } from "../../lib/config.ts";
import { createDiskMediaStore } from "../../lib/media/mod.ts";
import { type AppDeps, serviceDepsOf } from "../../main.ts";
import { createTestApp } from "./app.ts";
import { loadJwtKey } from "../../services/accounts/secrets.ts";
import { sweepCampaigns } from "../../services/campaigns/sweep.ts";
import { createWhatsappSessions } from "../../services/whatsapp/mod.ts";
import { createTestCompany, createTestUser } from "./accounts.ts";
import { answer, apiAs } from "./api_as.ts";
import { openTestDb } from "./db.ts";
import { recordingHub } from "./ticket_env.ts";

export async function openCampaignEnv() {
  const testDb = await openTestDb();
  const { db } = testDb;
  const hub = recordingHub();
  const clock = new FakeClock(new Date());
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-campaigns-" });
  const media = createDiskMediaStore(dataDir);
  const whatsapp = createWhatsappSessions({
    db,
    hub,
    media,
    sandbox: { deliveredAfterMs: 10_000, readAfterMs: 20_000 },
    providers: { beta: undefined },
  });
  const jwtKey = await loadJwtKey(db);
  const appDeps: AppDeps = {
    db,
    config: loadConfig({ DATA_DIR: dataDir }),
    jwtKey,
    hub,
    whatsapp,
    clock,
    media,
  };
  const services = serviceDepsOf(appDeps);
  const app = createTestApp(appDeps, services);
  const companyId = await createTestCompany(db);
  const otherId = await createTestCompany(db);
  const admin = await apiAs(app, jwtKey, await createTestUser(db, companyId));
  const otherAdmin = await apiAs(app, jwtKey, await createTestUser(db, otherId));
  const agent = await apiAs(app, jwtKey, {
    ...await createTestUser(db, companyId, { profile: "user" }),
    profile: "user",
  });

  /** The answer's body, or a thrown error naming the status. */
  // deno-lint-ignore no-explicit-any -- tests read whatever JSON the endpoint answers
  const ok = async (res: Promise<Response>): Promise<any> => {
    const { status, body } = await answer(await res);
    if (status >= 300) throw new Error(`${status} ${JSON.stringify(body)}`);
    return body;
  };
  const connection = await ok(
    admin("POST", "/api/whatsapp", { name: "Loja", provider: "sandbox", isDefault: true }),
  );
  await ok(admin("POST", `/api/whatsappsession/${connection.id}`));
  await ok(admin("POST", `/api/sandbox/${connection.id}/pair`));
  const connectionId = connection.id as number;

  /** Sends what the outbox holds, then lets the sweep record the outcomes. */
  const drain = async () => {
    await whatsapp.drainOutbox(connectionId);
    await sweepCampaigns(services);
  };

  /** What a customer received from the sandbox phone, oldest first. */
  const received = (number: string) =>
    db.query<{ body: string; mediaName: string | null }>(sql`
      select body, media_file_name as "mediaName" from sandbox_messages
      where whatsapp_id = ${connectionId} and number = ${number} and direction = 'out'
      order by id`);

  /** A list with these items (name, number), made through the API. */
  const makeList = async (name: string, people: [string, string][]) => {
    const list = await ok(admin("POST", "/api/contact-lists", { name }));
    for (const [person, number] of people) {
      await ok(admin("POST", "/api/contact-list-items", {
        name: person,
        number,
        email: `${person.normalize("NFD").replace(/[^A-Za-z0-9]/g, "").toLowerCase()}@example.com`,
        contactListId: list.id,
      }));
    }
    return list.id as number;
  };

  const setPacing = (messageInterval: number, longerIntervalAfter = 0, greaterInterval = 0) =>
    ok(admin("POST", "/api/campaign-settings", {
      settings: { messageInterval, longerIntervalAfter, greaterInterval },
    }));

  return {
    db,
    app,
    hub,
    clock,
    services,
    whatsapp,
    companyId,
    connectionId,
    admin,
    otherAdmin,
    agent,
    ok,
    drain,
    received,
    makeList,
    setPacing,
    sweep: () => sweepCampaigns(services),
    async close() {
      await whatsapp.close();
      await testDb.close();
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    },
  };
}
