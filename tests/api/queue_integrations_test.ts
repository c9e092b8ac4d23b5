/**
 * `/api/queueIntegration` (issue 18 item 3): admins' CRUD with admin §5's per-type rules and
 * §9's defaults, the service account sealed and never answered, the signing secret only in
 * one integration's answers, a queue pointing at one, and other companies kept out.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { answer, openAppWithActors } from "../helpers/api_as.ts";

// An n8n on the installation's own network, as an operator would allow it.
const ALLOWED_N8N = "10.1.2.3:5678";
const env = await openAppWithActors({ env: { ALLOW_PRIVATE_HOSTS: ALLOWED_N8N } });
const { db, companyId, asAdmin, asAgent, asOtherAdmin } = env;
Deno.test.afterAll(() => env.close());

const ACCOUNT = JSON.stringify({
  type: "service_account",
  client_email: "agent@projeto.iam.gserviceaccount.com",
  private_key: "-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n",
});

Deno.test("[api] queue integrations: per-type rules, defaults and the name as project", async () => {
  const refused = async (body: Record<string, unknown>) => {
    const { status, body: answerBody } = await answer(
      await asAdmin("POST", "/api/queueIntegration", body),
    );
    assert.equal(status, 400, JSON.stringify(answerBody));
    return answerBody.fields;
  };
  assert.deepEqual(await refused({ type: "webhook", name: "A" }), {
    name: { code: "ERR_TOO_SHORT", minimum: 2 },
    urlN8N: { code: "ERR_REQUIRED" },
  });
  assert.deepEqual(await refused({ type: "typebot", name: "Bot", urlN8N: "https://t.io" }), {
    typebotSlug: { code: "ERR_REQUIRED" },
  });
  assert.deepEqual(await refused({ type: "n8n", name: "Fluxo", urlN8N: "ftp://x" }), {
    urlN8N: { code: "ERR_INTEGRATION_URL_INVALID" },
  });
  assert.deepEqual(await refused({ type: "dialogflow", name: "Agente", projectName: "p" }), {
    jsonContent: { code: "ERR_REQUIRED" },
  });
  assert.deepEqual(
    await refused({ type: "dialogflow", name: "Agente", projectName: "p", jsonContent: "{}" }),
    { jsonContent: { code: "ERR_INTEGRATION_JSON_INVALID" } },
  );
  // The region becomes part of a host name: only a region name passes.
  assert.deepEqual(
    await refused({
      type: "dialogflow",
      name: "Agente",
      projectName: "p",
      jsonContent: ACCOUNT,
      dialogflowLocation: "evil.example.com/x",
    }),
    { dialogflowLocation: { code: "ERR_INTEGRATION_LOCATION_INVALID" } },
  );

  const typebot = await answer(
    await asAdmin("POST", "/api/queueIntegration", {
      type: "typebot",
      name: "Triagem",
      projectName: "ignored",
      urlN8N: "https://typebot.example.com",
      typebotSlug: "triagem",
    }),
  );
  assert.equal(typebot.status, 200, JSON.stringify(typebot.body));
  assert.deepEqual(
    [typebot.body.projectName, typebot.body.typebotExpires, typebot.body.typebotDelayMessage],
    ["Triagem", 1, 1000],
  );
  const again = await answer(
    await asAdmin("POST", "/api/queueIntegration", {
      type: "webhook",
      name: "triagem",
      urlN8N: "https://crm.example.com",
    }),
  );
  assert.deepEqual([again.status, again.body.error], [409, "ERR_INTEGRATION_NAME_TAKEN"]);
});

Deno.test("[api] queue integrations: the service account sealed, the secret only for one", async () => {
  const made = await answer(
    await asAdmin("POST", "/api/queueIntegration", {
      type: "dialogflow",
      name: "Agente",
      projectName: "projeto",
      jsonContent: ACCOUNT,
      language: "en",
    }),
  );
  assert.equal(made.status, 200, JSON.stringify(made.body));
  assert.equal(made.body.jsonContentHint, "agent@projeto.iam.gserviceaccount.com");
  assert.ok(!JSON.stringify(made.body).includes("PRIVATE KEY"));
  const stored = await db.one<{ json_content_sealed: string }>(sql`
    select json_content_sealed from queue_integrations where id = ${made.body.id}`);
  assert.ok(!stored.json_content_sealed.includes("PRIVATE"));

  // Blank keeps the stored account.
  const kept = await answer(
    await asAdmin("PUT", `/api/queueIntegration/${made.body.id}`, {
      type: "dialogflow",
      name: "Agente ES",
      projectName: "projeto",
      language: "es",
    }),
  );
  assert.equal(kept.status, 200, JSON.stringify(kept.body));
  assert.deepEqual([kept.body.name, kept.body.language, kept.body.jsonContentHint], [
    "Agente ES",
    "es",
    "agent@projeto.iam.gserviceaccount.com",
  ]);

  const list = await answer(await asAdmin("GET", "/api/queueIntegration?searchParam=agente"));
  assert.deepEqual(list.body.queueIntegrations.map((i: { name: string }) => i.name), [
    "Agente ES",
  ]);
  assert.equal(list.body.hasMore, false);
  assert.ok(!("hmacSecret" in list.body.queueIntegrations[0]), "lists carry no secret");
  const one = await answer(await asAdmin("GET", `/api/queueIntegration/${made.body.id}`));
  assert.match(one.body.hmacSecret, /^[0-9a-f]{64}$/);
});

Deno.test("[api] queue integrations: a queue points at one of the company's, admins only", async () => {
  const hook = await answer(
    await asAdmin("POST", "/api/queueIntegration", {
      type: "n8n",
      name: "Fluxo n8n",
      urlN8N: "https://n8n.example.com/webhook/1",
    }),
  );
  const queue = await answer(
    await asAdmin("POST", "/api/queue", {
      name: "Robô",
      color: "#101010",
      integrationId: hook.body.id,
    }),
  );
  assert.equal(queue.status, 200, JSON.stringify(queue.body));
  assert.equal(queue.body.integrationId, hook.body.id);

  const agent = await answer(await asAgent("GET", "/api/queueIntegration"));
  assert.equal(agent.status, 403);
  const other = await answer(await asOtherAdmin("GET", `/api/queueIntegration/${hook.body.id}`));
  assert.equal(other.status, 404);
  const otherQueue = await answer(
    await asOtherAdmin("POST", "/api/queue", {
      name: "Alheia",
      color: "#202020",
      integrationId: hook.body.id,
    }),
  );
  assert.deepEqual(otherQueue.body.fields, { integrationId: { code: "ERR_NO_INTEGRATION_FOUND" } });

  // Deleting the integration leaves the queue without one.
  const deleted = await answer(await asAdmin("DELETE", `/api/queueIntegration/${hook.body.id}`));
  assert.equal(deleted.status, 200);
  const after = await db.one<{ integration_id: number | null }>(sql`
    select integration_id from queues where id = ${queue.body.id} and company_id = ${companyId}`);
  assert.equal(after.integration_id, null);
});

Deno.test("[api] queue integrations: a plan without useIntegrations refuses the API", async () => {
  await db.run(sql`update plans set use_integrations = false
    where id = (select plan_id from companies where id = ${companyId})`);
  try {
    const list = await answer(await asAdmin("GET", "/api/queueIntegration"));
    assert.equal(list.status, 403);
  } finally {
    await db.run(sql`update plans set use_integrations = true
      where id = (select plan_id from companies where id = ${companyId})`);
  }
});

Deno.test("[api] queue integrations: an internal address is refused on save, the allowed one kept", async () => {
  const count = async () =>
    (await db.one<{ n: number }>(
      sql`select count(*)::int as n from queue_integrations where company_id = ${companyId}`,
    )).n;
  const before = await count();
  const refusal = async (method: "POST" | "PUT", path: string, body: Record<string, unknown>) => {
    const { status, body: answerBody } = await answer(await asAdmin(method, path, body));
    assert.equal(status, 400, JSON.stringify(answerBody));
    return answerBody.fields;
  };
  const HOST_REFUSED = { urlN8N: { code: "ERR_OUTBOUND_HOST_REFUSED" } };
  for (const urlN8N of ["http://127.0.0.1:8080/hook", "http://169.254.169.254/latest"]) {
    assert.deepEqual(
      await refusal("POST", "/api/queueIntegration", { type: "webhook", name: "CRM", urlN8N }),
      HOST_REFUSED,
      urlN8N,
    );
    assert.deepEqual(
      await refusal("POST", "/api/queueIntegration", {
        type: "typebot",
        name: "Bot",
        urlN8N,
        typebotSlug: "bot",
      }),
      HOST_REFUSED,
      urlN8N,
    );
  }
  assert.equal(await count(), before);

  // The allowed host:port is kept; a name that does not resolve now is kept too.
  const allowed = await answer(
    await asAdmin("POST", "/api/queueIntegration", {
      type: "n8n",
      name: "Fluxo interno",
      urlN8N: `http://${ALLOWED_N8N}/webhook/1`,
    }),
  );
  assert.equal(allowed.status, 200, JSON.stringify(allowed.body));
  const later = await answer(
    await asAdmin("POST", "/api/queueIntegration", {
      type: "webhook",
      name: "Ainda sem DNS",
      urlN8N: "https://crm.balcao.invalid/hook",
    }),
  );
  assert.equal(later.status, 200, JSON.stringify(later.body));

  const path = `/api/queueIntegration/${allowed.body.id}`;
  for (
    const urlN8N of [
      "http://127.0.0.1:5678/webhook/1",
      "http://169.254.169.254/latest",
      "http://10.1.2.3:9999/webhook/1",
    ]
  ) {
    assert.deepEqual(
      await refusal("PUT", path, { type: "n8n", name: "Fluxo interno", urlN8N }),
      HOST_REFUSED,
      urlN8N,
    );
  }
  const kept = await answer(await asAdmin("GET", path));
  assert.equal(kept.body.urlN8N, `http://${ALLOWED_N8N}/webhook/1`);
  assert.equal(kept.body.updatedAt, allowed.body.updatedAt);
});
