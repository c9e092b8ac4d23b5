/**
 * The plan's feature flags are enforced by the API (issue 15, security 8), not only by the
 * hidden menu entry: a company whose plan lacks a flag gets 403 ERR_FEATURE_NOT_IN_PLAN from
 * every call that would use it, and nothing changes. Each flag of the plan is listed in
 * GATED with the calls it guards (or in NO_API_YET with the reason), so a new flag fails here
 * until someone decides where the server enforces it.
 */
import assert from "node:assert/strict";
import { type Db, sql } from "../../lib/db/mod.ts";
import { PLAN_FEATURES, type PlanFeature } from "../../services/plans/features.ts";
import { answer, openAppWithActors } from "../helpers/api_as.ts";
import { createTestConnection } from "../helpers/users.ts";

interface Fixture {
  tag: number;
  lane: number;
  queue: number;
  connection: number;
}

interface GatedCall {
  method: string;
  path: (f: Fixture) => string;
  /** The body, or a function of the fixture when it names one of its records. */
  body?: unknown;
  /** The answer when the plan includes the flag (proof that the 403 is about the plan). */
  allowed: number;
}

const GATED: Partial<Record<PlanFeature, GatedCall[]>> = {
  useSchedules: [
    { method: "GET", path: () => "/api/schedules", allowed: 200 },
    {
      method: "POST",
      path: () => "/api/schedules",
      body: { body: "Lembrete", contactId: 2147483000, sendAt: "2030-01-01T10:00:00Z" },
      allowed: 404,
    },
    { method: "GET", path: () => "/api/schedules/2147483000", allowed: 404 },
  ],
  // Also open when the super user gives the company the campaignsEnabled setting (admin §1).
  useCampaigns: [
    { method: "GET", path: () => "/api/campaigns", allowed: 200 },
    { method: "POST", path: () => "/api/campaigns", body: { name: "Promo" }, allowed: 200 },
    { method: "GET", path: () => "/api/contact-lists", allowed: 200 },
    { method: "POST", path: () => "/api/contact-lists", body: { name: "Lista" }, allowed: 200 },
    { method: "GET", path: () => "/api/contact-list-items", allowed: 200 },
    { method: "GET", path: () => "/api/campaign-settings", allowed: 200 },
    {
      method: "POST",
      path: () => "/api/campaign-settings",
      body: { settings: { messageInterval: 5 } },
      allowed: 200,
    },
  ],
  useKanban: [
    { method: "GET", path: () => "/api/tags/kanban", allowed: 200 },
    { method: "GET", path: () => "/api/ticket/kanban", allowed: 200 },
    // No ticket exists in the fixture: with the flag, the id is unknown (404).
    { method: "PUT", path: (f) => `/api/ticket-tags/999999/${f.lane}`, allowed: 404 },
    { method: "DELETE", path: () => "/api/ticket-tags/999999", allowed: 404 },
    {
      method: "POST",
      path: () => "/api/tags",
      body: { name: "Nova raia", kanban: 1 },
      allowed: 200,
    },
    { method: "PUT", path: (f) => `/api/tags/${f.tag}`, body: { kanban: true }, allowed: 200 },
  ],
  useInternalChat: [
    { method: "GET", path: () => "/api/chats", allowed: 200 },
    {
      method: "POST",
      path: () => "/api/chats",
      body: { title: "Equipe", users: [] },
      allowed: 400,
    },
  ],
  // The integration and prompt ids name none of the company's, so with the flag they are
  // refused as unknown (400).
  useIntegrations: [
    { method: "GET", path: () => "/api/queueIntegration", allowed: 200 },
    {
      method: "POST",
      path: () => "/api/queueIntegration",
      body: { type: "webhook", name: "CRM", urlN8N: "https://crm.example.com/hook" },
      allowed: 200,
    },
    { method: "GET", path: () => "/api/queueIntegration/999999", allowed: 404 },
    { method: "DELETE", path: () => "/api/queueIntegration/999999", allowed: 404 },
    {
      method: "POST",
      path: () => "/api/queueIntegration/testSession",
      body: { projectName: "p", jsonContent: "{}", language: "pt-BR" },
      allowed: 400,
    },
    {
      method: "POST",
      path: () => "/api/queue",
      body: { name: "Bot", color: "#101010", integrationId: 999999 },
      allowed: 400,
    },
    {
      method: "PUT",
      path: (f) => `/api/queue/${f.queue}`,
      body: { integrationId: 999999 },
      allowed: 400,
    },
    {
      method: "PUT",
      path: (f) => `/api/whatsapp/${f.connection}`,
      body: { integrationId: 999999 },
      allowed: 400,
    },
  ],
  useOpenAi: [
    { method: "GET", path: () => "/api/prompt", allowed: 200 },
    {
      method: "POST",
      path: () => "/api/prompt",
      body: (f: Fixture) => ({
        name: "Atendente",
        prompt: "Seja breve.",
        apiKey: "sk-test-123456789",
        queueId: f.queue,
      }),
      allowed: 200,
    },
    {
      method: "POST",
      path: () => "/api/queue",
      body: { name: "IA", color: "#202020", promptId: 3 },
      allowed: 400,
    },
    { method: "PUT", path: (f) => `/api/queue/${f.queue}`, body: { promptId: 3 }, allowed: 400 },
    {
      method: "PUT",
      path: (f) => `/api/whatsapp/${f.connection}`,
      body: { promptId: 3 },
      allowed: 400,
    },
  ],
};

/** Flags with nothing on the server to gate yet, each with the reason (none today). */
const NO_API_YET: Partial<Record<PlanFeature, string>> = {};

/** Flags whose calls are not a user's, with the test that checks them. */
const GATED_ELSEWHERE: Partial<Record<PlanFeature, string>> = {
  useExternalApi: "signed in by a connection token: tests/api/external_send_test.ts (errors step)",
};

function bodyOf(call: GatedCall, fixture: Fixture): unknown {
  return typeof call.body === "function" ? call.body(fixture) : call.body;
}

async function setPlanFlags(db: Db, companyId: number, on: boolean): Promise<void> {
  await db.run(sql`
    update plans set use_campaigns = ${on}, use_schedules = ${on}, use_internal_chat = ${on},
      use_external_api = ${on}, use_kanban = ${on}, use_open_ai = ${on},
      use_integrations = ${on}
    where id = (select plan_id from companies where id = ${companyId})`);
}

async function rows(db: Db, companyId: number): Promise<string> {
  return JSON.stringify({
    tags: await db.query(sql`select * from tags where company_id = ${companyId} order by id`),
    queues: await db.query(sql`select * from queues where company_id = ${companyId} order by id`),
    prompts: await db.query(sql`select * from prompts where company_id = ${companyId} order by id`),
    integrations: await db.query(
      sql`select * from queue_integrations where company_id = ${companyId} order by id`,
    ),
    connections: await db.query(
      sql`select * from whatsapps where company_id = ${companyId} order by id`,
    ),
  });
}

Deno.test("[api] every flag of the plan is enforced by the API", async (t) => {
  const env = await openAppWithActors();
  const { db, companyId, asAdmin } = env;
  try {
    const insertTag = async (name: string, kanban: number) =>
      (await db.one<{ id: number }>(sql`
        insert into tags (company_id, name, color, kanban) values (${companyId}, ${name},
          '#123456', ${kanban}) returning id`)).id;
    const fixture: Fixture = {
      tag: await insertTag("Etiqueta", 0),
      // A lane made while the plan still had kanban.
      lane: await insertTag("Raia antiga", 1),
      queue: (await db.one<{ id: number }>(sql`
        insert into queues (company_id, name, color) values (${companyId}, 'Suporte', '#0000aa')
        returning id`)).id,
      connection: await createTestConnection(db, companyId),
    };

    await t.step("each flag is gated or has a reason why there is nothing to gate", () => {
      const unlisted = PLAN_FEATURES.filter((flag) =>
        !GATED[flag] && !NO_API_YET[flag] && !GATED_ELSEWHERE[flag]
      );
      assert.deepEqual(unlisted, []);
    });

    await t.step("without the flags: 403 ERR_FEATURE_NOT_IN_PLAN and nothing changes", async () => {
      await setPlanFlags(db, companyId, false);
      const before = await rows(db, companyId);
      const wrong: string[] = [];
      for (const [flag, calls] of Object.entries(GATED)) {
        for (const call of calls) {
          const { status, body } = await answer(
            await asAdmin(call.method, call.path(fixture), bodyOf(call, fixture)),
          );
          if (status !== 403 || body?.error !== "ERR_FEATURE_NOT_IN_PLAN") {
            wrong.push(
              `${flag}: ${call.method} ${call.path(fixture)} → ${status} ${JSON.stringify(body)}`,
            );
          }
        }
      }
      assert.deepEqual(wrong, []);
      assert.equal(await rows(db, companyId), before);
    });

    await t.step("a lane kept from before may be renamed or turned off", async () => {
      const renamed = await answer(
        await asAdmin("PUT", `/api/tags/${fixture.lane}`, { name: "Raia", kanban: 1 }),
      );
      assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
      const off = await answer(await asAdmin("PUT", `/api/tags/${fixture.lane}`, { kanban: 0 }));
      assert.equal(off.status, 200, JSON.stringify(off.body));
      assert.equal(off.body.kanban, 0);
    });

    await t.step("with the flags the same calls pass the plan check", async () => {
      await setPlanFlags(db, companyId, true);
      for (const [flag, calls] of Object.entries(GATED)) {
        for (const call of calls) {
          const { status, body } = await answer(
            await asAdmin(call.method, call.path(fixture), bodyOf(call, fixture)),
          );
          assert.equal(status, call.allowed, `${flag}: ${call.method} ${JSON.stringify(body)}`);
        }
      }
    });
  } finally {
    await env.close();
  }
});
